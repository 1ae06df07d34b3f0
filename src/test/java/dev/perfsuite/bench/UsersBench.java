package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Users per generator on virtual and platform threads: the suite with every listener,
 * thousands of users thinking against the echo backend with a known delay, one child JVM per
 * cell; achieved against offered rate (users / (think + delay)), p50/p99 error against the delay,
 * peak heap, RSS and threads, users started per second, CPU per request.
 *
 * <p>Settings ({@code bench.users.*}): {@code counts} (default {@code 1000,10000,50000}),
 * {@code threads} ({@code virtual,platform}; virtual needs the bench JVM on Java 21+, run Maven
 * with {@code JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64}), {@code think} (10s), {@code delay}
 * (20ms), {@code duration} (120s measured hold), {@code ramp} (10s), {@code heap} (2g), {@code jvm}
 * (extra generator JVM flags, space-separated, e.g. {@code -Xlog:gc:file=gc.log}; default none),
 * {@code connections} ({@code auto}: keep-alive while the users' sockets fit the open-files limit,
 * a connection per request beyond it; or {@code keep-alive}, {@code per-request}), {@code clients}
 * (the HTTP clients, {@code perf.http.client}: default {@code jmeter,suite}, a row each).
 *
 * <p>Warm-up is the ramp plus one think time: a JMeter timer delays the sampler after it, so each
 * user's first request (a plan clone, an HTTP client and a connect before it) comes one think time
 * after the user starts, and the first requests span the ramp shifted by the think time. Measuring
 * from the ramp's end plus 5 s put half of those first requests, queued behind the start-up work,
 * in the measurement (10,000 virtual users: p99 +646 to +1,486 ms over the delay, every slow
 * sample within 20 s of the start; +53 ms with this warm-up).
 */
final class UsersBench {

  @Test
  void shouldReportUsersPerGeneratorOnVirtualAndPlatformThreads() {
    BenchSettings settings = BenchSettings.load();
    List<Integer> counts = Arrays.stream(System.getProperty("bench.users.counts",
        "1000,10000,50000").split(",")).map(String::trim).map(Integer::parseInt).toList();
    List<String> kinds = List.of(System.getProperty("bench.users.threads", "virtual,platform")
        .split(","));
    Duration think = BenchSettings.duration(System.getProperty("bench.users.think", "10s"));
    Duration delay = BenchSettings.duration(System.getProperty("bench.users.delay", "20ms"));
    Duration hold = BenchSettings.duration(System.getProperty("bench.users.duration", "120s"));
    Duration ramp = BenchSettings.duration(System.getProperty("bench.users.ramp", "10s"));
    String heap = System.getProperty("bench.users.heap", "2g");
    List<String> jvm = SuiteRuns.usersJvm(heap);
    String connections = System.getProperty("bench.users.connections", "auto");
    List<String> clients = SuiteRuns.clients();
    long openFiles = Machine.openFilesLimit();
    List<String> rows = new ArrayList<>();
    try (LoopbackServer echo = LoopbackServer.echo(settings, delay)) {
      for (int users : counts) {
        String mode = !connections.equals("auto") ? connections
            : users + 1000 > openFiles ? "per-request" : "keep-alive";
        for (String kind : kinds) {
          for (String client : clients) {
            rows.add(cell(settings, echo, users, kind.trim(), client, mode, think, delay, hold,
                ramp, jvm));
          }
        }
      }
    }
    String body = String.format(Locale.ROOT, """
        The suite (every listener), users ramped over %d s, then one think time of warm-up, \
        then %d s measured; %d ms think time, GET to the echo backend with --delay %d; child \
        JVM %s, Java %d; open-files limit %d; offered = users / (think + delay). Latency is \
        JMeter's elapsed (service time); CPU per request is the generator's over the measured \
        window. HTTP client: jmeter = JMeter's HttpClient 4, suite = the suite's own \
        (perf.http.client). Load average after each cell.

        | users | threads | client | connections | req/s | offered | of offered | p50 - delay | \
        p99 - delay | errors | peak heap MiB | peak RSS MiB | peak threads | CPU us/request | \
        longest GC pause ms | load average |
        |---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
        %s
        """, ramp.toSeconds(), hold.toSeconds(), think.toMillis(), delay.toMillis(),
        String.join(" ", jvm),
        Runtime.version().feature(), openFiles, String.join("\n", rows));
    BenchReport.section(settings, "35-users", "Users per generator", body);
    System.out.println(body);
    assertThat(rows).isNotEmpty();
  }

  private static String cell(BenchSettings settings, LoopbackServer echo, int users, String kind,
      String client, String connections, Duration think, Duration delay, Duration hold,
      Duration ramp, List<String> jvm) {
    Duration warmUp = ramp.plus(think);
    Duration length = warmUp.plus(hold);
    List<String> flags = new ArrayList<>(jvm);
    flags.add("-Dperf.users.threads=" + kind);
    flags.add("-Dperf.users.connections=" + connections);
    flags.add(SuiteRuns.client(client));
    Map<String, String> r;
    String name = "users-" + kind + "-" + client + "-" + users;
    try {
      r = SuiteRuns.suite(settings, name, echo.uri(), users,
          length.minus(ramp), 0, flags, "think=" + think.toMillis() + "ms",
          "ramp=" + ramp.toMillis() + "ms", "warmup=" + warmUp.toMillis() + "ms");
    } catch (IllegalStateException e) {
      // A cell that cannot run is a named failure, never a figure.
      return String.format(Locale.ROOT, "| %d | %s | %s | %s | FAILED: %s |", users, kind,
          client, connections, reason(settings.out().resolve("logs").resolve(name + ".log"), e));
    }
    double offered = users / ((think.toMillis() + delay.toMillis()) / 1000.0);
    double achieved = Double.parseDouble(r.get("measuredRps"));
    return String.format(Locale.ROOT, "| %d | %s | %s | %s | %.0f | %.0f | %.1f %% | %+d ms "
        + "| %+d ms | %s | %s | %s | %s | %.0f | %s | %s |", users, kind, client, connections,
        achieved, offered,
        achieved / offered * 100, Long.parseLong(r.get("p50")) - delay.toMillis(),
        Long.parseLong(r.get("p99")) - delay.toMillis(), r.get("errors"), r.get("heapPeakMiB"),
        r.get("rssPeakMiB"), r.get("threadsPeak"),
        Double.parseDouble(r.getOrDefault("measuredCpuUsPerSample", "0")),
        r.getOrDefault("gcMaxPauseMs", "-"), Machine.readLoadAverage());
  }

  /** The generator's own exception message from its log (e.g. a refusal before load). */
  private static String reason(Path log, IllegalStateException failure) {
    try {
      // e.g. Exception in thread "main" java.lang.IllegalStateException: 50000 users need ...
      return Files.readAllLines(log).stream()
          .filter(l -> l.startsWith("Exception in thread") && l.contains("Exception: "))
          .map(l -> l.substring(l.indexOf("Exception: ") + "Exception: ".length()))
          .findFirst().orElse(failure.getMessage());
    } catch (IOException e) {
      return failure.getMessage();
    }
  }
}
