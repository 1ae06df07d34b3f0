package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Users per generator on virtual and platform threads (issue 23): the suite with every listener,
 * thousands of users thinking against the echo backend with a known delay, one child JVM per
 * cell; achieved against offered rate (users / (think + delay)), p50/p99 error against the delay,
 * peak heap, RSS and threads, users started per second, CPU per request.
 *
 * <p>Settings ({@code bench.users.*}): {@code counts} (default {@code 1000,10000,50000}),
 * {@code threads} ({@code virtual,platform}; virtual needs the bench JVM on Java 21+, run Maven
 * with {@code JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64}), {@code think} (10s), {@code delay}
 * (20ms), {@code duration} (120s hold), {@code ramp} (10s), {@code heap} (2g), {@code jvm} (extra
 * generator JVM flags, space-separated, e.g. {@code -Xlog:gc:file=gc.log}; default none).
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
    List<String> jvm = new ArrayList<>(List.of("-Xmx" + heap));
    Arrays.stream(System.getProperty("bench.users.jvm", "").trim().split("\\s+"))
        .filter(f -> !f.isEmpty()).forEach(jvm::add);
    List<String> rows = new ArrayList<>();
    try (LoopbackServer echo = LoopbackServer.echo(settings, delay)) {
      for (int users : counts) {
        for (String kind : kinds) {
          rows.add(cell(settings, echo, users, kind.trim(), think, delay, hold, ramp, jvm));
        }
      }
    }
    String body = String.format(Locale.ROOT, """
        The suite (every listener), users ramped over %d s then held %d s (the ramp and 5 s \
        more are warm-up), %d ms think time, GET to the echo backend with --delay %d; child \
        JVM %s, Java %d; offered = users / (think + delay). Load average after each cell.

        | users | threads | req/s | offered | of offered | p50 - delay | p99 - delay | errors | \
        peak heap MiB | peak RSS MiB | peak threads | CPU us/request | load average |
        |---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
        %s
        """, ramp.toSeconds(), hold.toSeconds(), think.toMillis(), delay.toMillis(),
        String.join(" ", jvm),
        Runtime.version().feature(), String.join("\n", rows));
    BenchReport.section(settings, "35-users", "Users per generator", body);
    System.out.println(body);
    assertThat(rows).isNotEmpty();
  }

  private static String cell(BenchSettings settings, LoopbackServer echo, int users, String kind,
      Duration think, Duration delay, Duration hold, Duration ramp, List<String> jvm) {
    Duration warmUp = ramp.plusSeconds(5);
    Map<String, String> r = SuiteRuns.suite(settings, "users-" + kind + "-" + users, echo.uri(),
        users, hold.plus(ramp), 0, flags(jvm, "-Dperf.users.threads=" + kind),
        "think=" + think.toMillis() + "ms", "ramp=" + ramp.toMillis() + "ms",
        "warmup=" + warmUp.toMillis() + "ms");
    double offered = users / ((think.toMillis() + delay.toMillis()) / 1000.0);
    double achieved = Double.parseDouble(r.get("measuredRps"));
    double total = Double.parseDouble(r.getOrDefault("rps", "0"))
        * (hold.plus(ramp).toMillis() / 1000.0);
    double cpuPerRequest = total > 0 ? Long.parseLong(r.get("cpuMs")) * 1000.0 / total : 0;
    return String.format(Locale.ROOT,
        "| %d | %s | %.0f | %.0f | %.1f %% | %+d ms | %+d ms | %s | %s | %s | %s | %.0f | %s |",
        users, kind, achieved, offered, achieved / offered * 100,
        Long.parseLong(r.get("p50")) - delay.toMillis(),
        Long.parseLong(r.get("p99")) - delay.toMillis(), r.get("errors"), r.get("heapPeakMiB"),
        r.get("rssPeakMiB"), r.get("threadsPeak"), r.containsKey("cpuUsPerSample")
            ? Double.parseDouble(r.get("cpuUsPerSample")) : cpuPerRequest,
        Machine.readLoadAverage());
  }

  private static List<String> flags(List<String> jvm, String more) {
    List<String> all = new ArrayList<>(jvm);
    all.add(more);
    return all;
  }
}
