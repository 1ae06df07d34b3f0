package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.EchoStall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every generator on the same stalling server, at the same offered rate and for the same time,
 * beside the truth: what each one reports, and what it does with a stall. Writes
 * {@code target/bench/stall.md} and the report's "Peers under stalls" section.
 *
 * <p>The server is the echo jar with {@code --stall} ({@code bench.stall}, default
 * {@code 10s:1s}) and {@code --delay} ({@code bench.stall.delay}, default {@code 2ms}). Open
 * models offer {@code bench.stall.rate} req/s (default 200) with enough users
 * ({@code bench.stall.max-threads}, default 400) and too few ({@code bench.stall.few-threads},
 * default 20); closed models run {@code bench.stall.closed-users} (default 20) with no think time.
 * Each run lasts {@code bench.stall.duration}, else {@code bench.duration}, else 40 s; rows are
 * the median of {@code bench.stall.runs} interleaved rounds (default 1) with min-max. The truth
 * of each run integrates the server's schedule over that run's window (its first sample for the
 * suite, the tool's launch for the others): over whole periods it does not depend on alignment.
 * The suite's measured window follows a warm-up ({@code bench.stall.warm-up}, default a fifth of
 * the run, at most 5 s): JMeter starts its threads inside the run, the peers before theirs.
 *
 * <p>The suite runs in a fresh child JVM per run ({@link StallRun}: the embedded engine through
 * {@code Engines.fromConfig}). A peer that is not installed is a named gap row. Not in CI's quick
 * bench (bench/run excludes it there): {@code bench/run -o -Dit.test=StallBench}.
 */
final class StallBench {
  private static final String SUITE_OPEN = "suite open";
  private static final String SUITE_FEW = "suite open, too few";
  private static final String SUITE_CLOSED = "suite closed";
  private static final String VEGETA = "vegeta";
  private static final String VEGETA_FEW = "vegeta, too few";
  private static final String HEY = "hey";
  private static final String GATLING = "gatling";
  private static final String LOCUST = "locust";
  private static final String WRK = "wrk";

  @Test
  void shouldShowWhatEachToolMakesOfAStall() {
    long began = System.nanoTime();
    BenchSettings settings = BenchSettings.load();
    EchoStall stall = EchoStall.parse(System.getProperty("bench.stall", "10s:1s"));
    Duration delay = BenchSettings.duration(System.getProperty("bench.stall.delay", "2ms"));
    double rate = Double.parseDouble(System.getProperty("bench.stall.rate", "200"));
    int enough = Integer.getInteger("bench.stall.max-threads", 400);
    int few = Integer.getInteger("bench.stall.few-threads", 20);
    int closed = Integer.getInteger("bench.stall.closed-users", 20);
    int runs = Integer.getInteger("bench.stall.runs", 1);
    Duration duration = BenchSettings.duration(System.getProperty("bench.stall.duration",
        System.getProperty("bench.duration", "40s")));
    // JMeter starts its threads inside the run (hundreds take seconds on a busy machine) while
    // the peers start theirs before: the suite's measured window follows a warm-up.
    Duration warmUp = BenchSettings.duration(System.getProperty("bench.stall.warm-up",
        SuiteRuns.warmUp(duration).toMillis() + "ms"));
    String loadBefore = Machine.readLoadAverage();

    Map<String, String> gaps = new LinkedHashMap<>();
    Optional<Path> vegeta = installed(settings, gaps, "vegeta", PeerInstalls.vegeta());
    Optional<Path> locust = installed(settings, gaps, "locust", PeerInstalls.locust());
    Optional<String> gatlingGap = settings.unavailable().contains("gatling")
        ? Optional.of("declared unavailable (bench.unavailable)") : gatlingGap();
    gatlingGap.ifPresent(why -> gaps.put("Gatling", why));
    if (settings.wrk().isEmpty()) {
      gaps.put("wrk", "not installed (`apt-get install -y wrk`) or declared unavailable");
    }
    if (settings.hey().isEmpty()) {
      gaps.put("hey", "not installed (`apt-get install -y hey`) or declared unavailable");
    }

    Map<String, List<Map<String, String>>> results;
    String server;
    try (LoopbackServer echo = LoopbackServer.echoStalling(settings, delay, stall)) {
      server = echo.description();
      var uri = echo.uri();
      Map<String, Supplier<Map<String, String>>> tools = new LinkedHashMap<>();
      tools.put(SUITE_OPEN, () -> StallPeers.suite(settings, "stall-open-" + enough, uri,
          "open", rate, enough, warmUp, duration));
      tools.put(SUITE_FEW, () -> StallPeers.suite(settings, "stall-open-" + few, uri, "open",
          rate, few, warmUp, duration));
      tools.put(SUITE_CLOSED, () -> StallPeers.suite(settings, "stall-closed-" + closed, uri,
          "closed", rate, closed, warmUp, duration));
      vegeta.ifPresent(bin -> {
        tools.put(VEGETA, () -> VegetaPeer.open(settings, bin, uri, rate, enough, duration,
            "stall-vegeta-" + enough));
        tools.put(VEGETA_FEW, () -> VegetaPeer.open(settings, bin, uri, rate, few, duration,
            "stall-vegeta-" + few));
      });
      if (gatlingGap.isEmpty()) {
        tools.put(GATLING, () -> StallPeers.gatling(settings, uri, rate, duration,
            "stall-gatling"));
      }
      locust.ifPresent(bin -> tools.put(LOCUST, () -> StallPeers.locust(settings, bin, uri,
          closed, duration, "stall-locust")));
      settings.wrk().ifPresent(bin -> tools.put(WRK, () -> StallPeers.wrk(settings, bin, uri,
          closed, duration, "stall-wrk")));
      settings.hey().ifPresent(bin -> tools.put(HEY, () -> HeyPeer.closed(settings, bin, uri,
          closed, duration, 0, "stall-hey")));
      results = Rounds.interleave("stall", runs, tools);
    }

    StallTable table = new StallTable(stall, delay, duration);
    table.truth(results.values().stream().flatMap(List::stream).toList());
    table.suite(SUITE_OPEN + ", " + enough + " threads: response time",
        "open, " + (int) rate + "/s", results.get(SUITE_OPEN), "r",
        "measures from the intended start");
    table.suite(SUITE_OPEN + ", " + enough + " threads: service time",
        "(same run)", results.get(SUITE_OPEN), "s",
        "JMeter's elapsed: from the actual send");
    table.suite(SUITE_FEW + " (" + few + " threads): response time",
        "open, " + (int) rate + "/s", results.get(SUITE_FEW), "r",
        "measures from the intended start; a request no thread could take on time waits and "
            + "its lag counts (late starts, warning)");
    table.suite(SUITE_FEW + " (" + few + " threads): service time", "(same run)",
        results.get(SUITE_FEW), "s", "hides: timed from the late send");
    table.suite(SUITE_CLOSED + ", " + closed + " users: raw (service time)",
        "closed, no think time", results.get(SUITE_CLOSED), "s",
        "hides: one slow sample per user per stall");
    table.suite(SUITE_CLOSED + ", " + closed + " users: corrected (response time)",
        "(same run)", results.get(SUITE_CLOSED), "r",
        "corrects: each user's expected interval fills in the requests it would have sent");
    String vegetaVersion = vegeta.isPresent()
        ? " " + PeerInstalls.version("VEGETA_VERSION") : "";
    table.peer("Vegeta" + vegetaVersion + " -rate=" + (int) rate + ", " + enough
        + " max workers", "open, " + (int) rate + "/s", results.get(VEGETA),
        "measures from each request's own send, which is on time while a worker is free");
    table.peer("Vegeta" + vegetaVersion + " -rate=" + (int) rate + ", " + few
        + " max workers", "open, " + (int) rate + "/s", results.get(VEGETA_FEW),
        "hides: an arrival with no free worker waits for one, then the pacer catches up; "
            + "each request timed from its late send");
    table.peer("Gatling constantUsersPerSec(" + (int) rate + ")", "open, " + (int) rate + "/s",
        results.get(GATLING), "measures from the actual send; injects users on schedule "
            + "whatever the server does (one connection each)");
    String locustVersion = locust.isPresent()
        ? " " + PeerInstalls.version("LOCUST_VERSION") : "";
    table.peer("Locust" + locustVersion + " FastHttpUser, " + closed + " users",
        "closed, no wait", results.get(LOCUST), "hides: closed loop timed from the actual "
            + "send, no correction");
    table.peer("wrk, 2 threads, " + closed + " connections", "closed",
        results.get(WRK), "corrects: expected interval = run time / requests per connection, "
            + "after the run");
    table.peer("hey, " + closed + " workers", "closed, no wait", results.get(HEY),
        "hides: closed loop timed from the actual send, no correction");
    gaps.forEach(table::gap);

    long seconds = Math.round((System.nanoTime() - began) / 1e9);
    String body = table.markdown(rate, runs, warmUp) + "\n"
        + String.format(Locale.ROOT, "Server: %s on loopback, in its own process. Load "
            + "average before the runs %s, after %s. StallBench took %d s.%n", server,
            loadBefore, Machine.readLoadAverage(), seconds);
    BenchReport.section(settings, "06-stall", "Peers under stalls", body);
    LoadTools.write(settings.out().resolve("stall.md"), "# Peers under stalls\n\n_Measured on "
        + Machine.current().markdown() + "._\n\n" + body);
    assertThat(results.get(SUITE_OPEN)).as("the suite's open run produced figures")
        .anyMatch(r -> r.containsKey("rp99"));
  }

  private static Optional<Path> installed(BenchSettings settings, Map<String, String> gaps,
      String name, Path binary) {
    if (settings.unavailable().contains(name)) {
      gaps.put(name, "declared unavailable (bench.unavailable)");
      return Optional.empty();
    }
    Optional<Path> found = PeerInstalls.executable(binary);
    if (found.isEmpty()) {
      gaps.put(name, PeerInstalls.gapOf(name, binary));
    }
    return found;
  }

  /** Why Gatling's stall simulation cannot run, or empty when it is compiled. */
  private static Optional<String> gatlingGap() {
    Optional<String> project = GatlingPeer.gap();
    if (project.isPresent()) {
      return project;
    }
    Path compiled = GatlingPeer.PROJECT.resolveSibling(Path.of("target", "test-classes", "dev",
        "perfsuite", "peers", "StallSimulation.class"));
    return Files.isRegularFile(compiled) ? Optional.empty()
        : Optional.of("StallSimulation not compiled: run bench/install-peers again, or mvn -o -f "
            + GatlingPeer.PROJECT + " test-compile");
  }
}
