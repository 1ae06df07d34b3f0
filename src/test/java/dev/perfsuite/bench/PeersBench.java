package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The suite, on JMeter's HTTP client and on its own, beside Gatling, Locust, wrk, Vegeta, hey and
 * bare jmeter-java-dsl in one run: the same targets, users and duration, interleaved in rounds,
 * every cell the median of {@code bench.runs} runs with min-max. Writes
 * {@code target/bench/peers.md} and the report's "Peers" section.
 *
 * <p>Targets ({@code bench.peers.targets}): {@code nginx} (GET of a 1 KiB static file),
 * {@code echo} (POST of 1 KiB to the echo backend), {@code echo-20} and {@code echo-200} (the same
 * with {@code --delay 20} / {@code 200} ms, where p50/p99 are also shown against the known
 * delay). Users ({@code bench.peers.users}): default the first of the throughput table's thread
 * counts (50), e.g. {@code 50,200} for both. Quick mode ({@code bench.duration} set) defaults to
 * the targets {@code nginx,echo-20}.
 *
 * <p>A peer that cannot run is a named gap row, never a silent drop; in strict mode (CI) a
 * missing peer fails the bench unless declared in {@code bench.unavailable} or its install was
 * still running in the background when the bench started (then it is a gap: not ready in time).
 */
final class PeersBench {
  static final String SUITE = Rounds.SUITE;
  private static final String BASELINE = "bare jmeter-java-dsl (suite settings)";
  private static final int BODY = 1024;
  private static final List<String> ALL_TARGETS = List.of("nginx", "echo", "echo-20",
      "echo-200");
  private static final List<String> QUICK_TARGETS = List.of("nginx", "echo-20");

  @Test
  void shouldCompareEveryToolOnTheSameTargetsInOneRun() {
    long began = System.nanoTime();
    BenchSettings settings = BenchSettings.load();
    boolean quick = System.getProperty("bench.duration") != null;
    List<String> targets = list("bench.peers.targets", quick ? QUICK_TARGETS : ALL_TARGETS);
    // One user count by default: each is 3 rounds of seven tools per target (~7 min at 15 s runs).
    List<Integer> users = list("bench.peers.users", List.of(settings.threads().get(0).toString()))
        .stream().map(Integer::parseInt).toList();
    targets.stream().filter(t -> !ALL_TARGETS.contains(t)).findFirst().ifPresent(t -> {
      throw new IllegalArgumentException("bench.peers.targets: unknown target '" + t
          + "'. Fix: a comma list of " + ALL_TARGETS);
    });
    settings.requireTools(List.of("nginx", "wrk", "hey"));
    Map<String, String> gaps = new LinkedHashMap<>();
    Optional<Path> vegeta = peer(settings, gaps, "vegeta", PeerInstalls.vegeta());
    Optional<Path> locust = peer(settings, gaps, "locust", PeerInstalls.locust());
    boolean gatling = (settings.unavailable().contains("gatling")
        ? Optional.of("declared unavailable") : GatlingPeer.gap())
        .map(why -> gap(settings, gaps, "gatling", why)).orElse(true);
    if (settings.wrk().isEmpty()) {
      gaps.put("wrk", "not installed (`apt-get install -y wrk`) or declared unavailable");
    }
    if (settings.hey().isEmpty()) {
      gaps.put("hey", "not installed (`apt-get install -y hey`) or declared unavailable");
    }

    StringBuilder table = new StringBuilder("""
        Closed model, every tool %d s per run with the same users and no think time, median of \
        %d runs in interleaved rounds [min-max]; targets on loopback in their own processes, on \
        the same cores. The suite runs on both HTTP clients: `suite` on JMeter's HttpClient 4 \
        (perf.http.client=jmeter), `suite, its own client` on its Netty client \
        (perf.http.client=suite). Ratio = median req/s / the suite's on HttpClient 4. CPU \
        µs/request = CPU time of the tool's process tree / requests: JVM generators (bare, \
        suite) within their sampling window; wrk, Vegeta and hey over their whole process; \
        Gatling's forked JVM (not the Maven JVM) from simulation start to its end; Locust's \
        master and %d workers from ramp-up to the run-time limit. Peak RSS = VmHWM summed over \
        the tree's processes. p50/p99 as each tool reports them (JVM generators: HdrHistogram \
        after a %d ms warm-up; Gatling: whole ms; Locust: 2 significant digits above 100 ms; \
        hey: 0.1 ms; Vegeta: a t-digest estimate); on delay targets the error is p - delay. \
        Vegeta runs as a closed loop here (-rate=0, -max-workers = users). \
        A shared, loaded machine makes these figures noisy: read ratios, not absolutes.

        | target | users | tool | req/s median [min-max] | ratio to suite \
        | CPU µs/request median [min-max] | peak RSS MiB | p50 ms [min-max] | p99 ms [min-max] \
        | p50 / p99 error vs delay, ms | errors |
        |---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
        """.formatted(settings.duration().toSeconds(), settings.runs(),
        Runtime.getRuntime().availableProcessors(),
        SuiteRuns.warmUp(settings.duration()).toMillis()));
    StringBuilder costs = new StringBuilder("""
        Costs per request by thread group (ThreadCosts): from /proc/PID/task/*/stat and status \
        and `perf stat -e raw_syscalls:sys_enter -p PID` over the load's steady state: the \
        suite's JVM from 1 s after warm-up to 1 s before its end, per request its own observer \
        counted in that window; Gatling's forked JVM from "Simulation started" to its report \
        phase, per request of the run. ctx = context switches (voluntary: the thread blocked; \
        involuntary: preempted); CPU in µs per request by thread group (netty: Netty event \
        loops; users: JMeter's user threads or virtual users' carriers; jit-gc: compilers, GC, \
        VM thread; other: the rest), clock ticks of 10 ms. Medians of the runs.

        | target | users | tool | ctx voluntary / request | ctx involuntary / request \
        | syscalls / request | CPU µs/request: netty | users | jit-gc | other | sum |
        |---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
        """);
    for (String target : targets) {
      if (target.equals("nginx") && settings.nginx().isEmpty()) {
        gaps.put("nginx target", "nginx not installed (`apt-get install -y nginx-light`) or "
            + "declared unavailable: no nginx rows");
        continue;
      }
      Duration delay = Duration.ofMillis(target.startsWith("echo-")
          ? Long.parseLong(target.substring("echo-".length())) : 0);
      int body = target.equals("nginx") ? 0 : BODY;
      try (LoopbackServer server = target.equals("nginx")
          ? LoopbackServer.nginx(settings, settings.nginx().get())
          : LoopbackServer.echo(settings, delay)) {
        for (int u : users) {
          String id = "peers-" + target + "-" + u;
          Duration d = settings.duration();
          Map<String, Supplier<Map<String, String>>> tools = new LinkedHashMap<>();
          Rounds.putBaselineAndBothClients(tools, BASELINE, settings, id, server.uri(), u, d,
              body);
          settings.wrk().ifPresent(w -> tools.put("wrk (2 threads)", () -> LoadTools.wrk(
              settings, w, server.uri(), u, d, body, id + "-wrk")));
          vegeta.ifPresent(bin -> tools.put("Vegeta " + PeerInstalls.version("VEGETA_VERSION")
              + " (-rate=0)", () -> VegetaPeer.closed(settings, bin, server.uri(), u, d, body,
              id + "-vegeta")));
          settings.hey().ifPresent(bin -> tools.put("hey", () -> HeyPeer.closed(settings, bin,
              server.uri(), u, d, body, id + "-hey")));
          if (gatling) {
            tools.put("Gatling (Maven plugin)", () -> GatlingPeer.run(settings, server.uri(), u,
                d, body, id + "-gatling"));
          }
          locust.ifPresent(bin -> tools.put("Locust " + PeerInstalls.version("LOCUST_VERSION")
              + " FastHttpUser", () -> LocustPeer.run(settings, bin, server.uri(), u, d, body,
              id + "-locust")));
          Map<String, List<Map<String, String>>> runs = Rounds.interleave(id, settings.runs(),
              tools);
          Rounds.require(id, runs, BASELINE, SUITE);
          double suite = Cell.of(runs.get(SUITE), "rps").median();
          runs.forEach((tool, results) -> row(table, target, u, tool, results, suite, delay,
              id));
          runs.forEach((tool, results) -> costRow(costs, target, u, tool, results));
        }
      }
    }
    gaps.forEach((peer, why) -> table.append(String.format(Locale.ROOT,
        "| all | — | %s | **gap**: %s | | | | | | | |%n", peer, why)));
    StringBuilder missing = new StringBuilder();
    gaps.forEach((peer, why) -> missing.append("- missing: ").append(peer).append(": ")
        .append(why).append('\n'));
    long seconds = Math.round((System.nanoTime() - began) / 1e9);
    String body = table + "\n" + costs + "\n"
        + (missing.isEmpty() ? "Every peer was installed and ran.\n" : missing)
        + String.format(Locale.ROOT, "%nPeersBench took %d s (%s mode: targets %s, users %s).%n",
            seconds, quick ? "quick" : "full", targets, users);
    BenchReport.section(settings, "05-peers", "Peers in the same run", body);
    LoadTools.write(settings.out().resolve("peers.md"), "# Peers in the same run\n\n"
        + (Boolean.getBoolean("bench.smoke") ? "_Smoke run: every tool once, to show it runs; "
            + "these are not figures._\n\n" : "")
        + "_Measured on " + Machine.current().markdown() + "._\n\n" + body);
    assertThat(table.toString()).as("peers table has suite rows").contains("| " + SUITE + " |");
  }

  private static void row(StringBuilder table, String target, int users, String tool,
      List<Map<String, String>> results, double suite, Duration delay, String id) {
    Cell rps = Cell.of(results, "rps");
    if (rps.isEmpty()) {
      table.append(String.format(Locale.ROOT,
          "| %s | %d | %s | failed, see target/bench/logs/%s-* | | | | | | | |%n", target, users,
          tool, id));
      return;
    }
    Cell errors = Cell.of(results, "errors");
    Cell samples = Cell.of(results, "samples");
    if (!errors.isEmpty() && errors.median() > 0
        && (samples.isEmpty() || errors.median() * 2 >= samples.median())) {
      // An errors-only target (nginx answering 403) is no throughput figure: a failed row.
      table.append(String.format(Locale.ROOT,
          "| %s | %d | %s | **failed**: %.0f errors of %s requests, no figure; see "
              + "target/bench/logs/%s-* | | | | | | | |%n", target, users, tool,
          errors.median(), samples.isEmpty() ? "?" : String.format(Locale.ROOT, "%.0f",
              samples.median()), id));
      return;
    }
    Cell p50 = Cell.of(results, "p50");
    Cell p99 = Cell.of(results, "p99");
    String error = delay.isZero() || p50.isEmpty() || p99.isEmpty() ? "—"
        : String.format(Locale.ROOT, "%+.1f / %+.1f", p50.median() - delay.toMillis(),
            p99.median() - delay.toMillis());
    // A tool whose log markers never showed: its CPU covers its whole life (start-up included).
    String cpu = Cell.of(results, "cpuUsPerSample").format("%.1f")
        + (results.stream().anyMatch(r -> r.containsKey("cpuWindow")) ? " (whole life)" : "");
    table.append(String.format(Locale.ROOT,
        "| %s | %d | %s | %s | %.2f | %s | %s | %s | %s | %s | %s |%n", target, users, tool,
        rps.format("%.0f"), rps.median() / suite, cpu, Cell.of(results, "rssPeakMiB")
            .formatMedian("%.0f"),
        p50.format("%.1f"), p99.format("%.1f"), error,
        Cell.of(results, "errors").formatMedian("%.0f")));
  }

  /** The tool's costs by thread group, when its runs measured them ({@link ThreadCosts}). */
  private static void costRow(StringBuilder costs, String target, int users, String tool,
      List<Map<String, String>> results) {
    List<Map<String, String>> measured = results.stream()
        .filter(r -> r.containsKey("ctxVolPerReq")).toList();
    if (measured.isEmpty()) {
      return;
    }
    StringBuilder cpu = new StringBuilder();
    for (String group : ThreadCosts.GROUPS) {
      cpu.append(Cell.of(measured, "cpuUs." + group).formatMedian("%.1f")).append(" | ");
    }
    List<Map<String, String>> sums = measured.stream().map(r -> Map.of("sum", String.valueOf(
        ThreadCosts.GROUPS.stream().mapToDouble(g -> Double.parseDouble(r.get("cpuUs." + g)))
            .sum()))).toList();
    costs.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s%s |%n", target,
        users, tool, Cell.of(measured, "ctxVolPerReq").formatMedian("%.2f"),
        Cell.of(measured, "ctxInvPerReq").formatMedian("%.2f"),
        Cell.of(measured, "syscallsPerReq").formatMedian("%.2f"), cpu,
        Cell.of(sums, "sum").formatMedian("%.1f")));
  }

  /** A peer's binary, or a gap (strict mode: a failure unless declared or still installing). */
  private static Optional<Path> peer(BenchSettings settings, Map<String, String> gaps,
      String name, Path binary) {
    Optional<Path> found = settings.unavailable().contains(name) ? Optional.empty()
        : PeerInstalls.executable(binary);
    if (found.isEmpty()) {
      gap(settings, gaps, name, PeerInstalls.gapOf(name, binary));
    }
    return found;
  }

  private static boolean gap(BenchSettings settings, Map<String, String> gaps, String name,
      String why) {
    if (settings.unavailable().contains(name)) {
      gaps.put(name, "declared unavailable (bench.unavailable)");
      return false;
    }
    if (settings.strict() && !"running".equals(PeerInstalls.status(name))) {
      throw new IllegalStateException("peer " + name + " missing: " + why + ". Fix: run "
          + "bench/install-peers (bench/run does), or declare it unavailable, e.g. "
          + "-Dbench.unavailable=" + name);
    }
    gaps.put(name, why);
    return false;
  }

  private static List<String> list(String key, List<String> fallback) {
    String value = System.getProperty(key);
    return value == null || value.isBlank() ? fallback
        : Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
