package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Throughput of the suite, bare jmeter-java-dsl and other load tools against the echo backend
 * (POST 1 KiB) and a static 1 KiB nginx file (GET), closed model, no think time.
 *
 * <p>Fair by construction: the ratio's base is bare jmeter-java-dsl with the suite's own settings
 * (no HTTP cache manager, no DSL statistics collector); every cell is the median of
 * {@code bench.runs} (at least 3) runs taken in interleaved rounds (each round runs every
 * generator once, so drift of the machine hits all alike), with min-max beside it; p99 of bare
 * and suite is the same estimator (HdrHistogram, 3 digits) over the same window (after the
 * warm-up, from test start).
 */
final class ThroughputBench {
  private static final int ECHO_BODY = 1024;
  static final String BASELINE = "bare jmeter-java-dsl, suite settings";

  @Test
  void shouldCompareGeneratorsWhenTargetsRunOnLoopback() {
    BenchSettings settings = BenchSettings.load();
    settings.requireTools(List.of("nginx", "wrk"));
    StringBuilder table = new StringBuilder("""
        Closed model, %d s per run, median of %d runs in interleaved rounds [min-max], every \
        generator in a fresh JVM (-Xmx%s); targets in their own processes on the same cores. \
        Ratio = median req/s / median req/s of %s (no HTTP cache manager, no DSL statistics \
        collector). p99 of the JVM generators: HdrHistogram (3 significant digits) over the \
        samples after the warm-up (%s from test start), on both sides. A shared, loaded machine \
        makes these figures noisy: read ratios, not absolutes.

        | target | threads | generator | req/s median [min-max] | ratio to baseline \
        | generator CPU µs/request | p99 ms median [min-max] | errors | peak heap MiB \
        | peak RSS MiB |
        |---|---:|---|---:|---:|---:|---:|---:|---:|---:|
        """.formatted(settings.duration().toSeconds(), settings.runs(), settings.generatorHeap(),
        BASELINE, SuiteRuns.warmUp(settings.duration())));
    StringBuilder skipped = new StringBuilder();
    try (LoopbackServer echo = LoopbackServer.echo(settings, Duration.ZERO)) {
      measure(settings, echo, ECHO_BODY, "echo", table);
    }
    if (settings.nginx().isPresent()) {
      try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
        measure(settings, nginx, 0, "nginx", table);
      }
    } else {
      skipped.append("- nginx: unavailable (declared by bench.unavailable, or not installed "
          + "outside CI); nginx rows skipped.\n");
    }
    if (settings.wrk().isEmpty()) {
      skipped.append("- wrk: unavailable (`apt-get install -y wrk`); wrk rows skipped.\n");
    }
    skipped.append("- Gatling, Locust, Vegeta and hey: in PeersBench (target/bench/peers.md), "
        + "beside wrk, bare jmeter-java-dsl and the suite.\n");
    BenchReport.section(settings, "10-throughput", "Throughput", table + "\n" + skipped);
    assertThat(table.toString()).as("throughput table has rows").contains("| suite |");
  }

  private static void measure(BenchSettings settings, LoopbackServer server, int body,
      String target, StringBuilder table) {
    for (int threads : settings.threads()) {
      String id = target + "-" + threads;
      Duration d = settings.duration();
      Map<String, Supplier<Map<String, String>>> generators = new LinkedHashMap<>();
      Rounds.putBaselineAndSuite(generators, BASELINE, settings, "tp-" + id, server.uri(),
          threads, d, body);
      // Its defaults (cache manager, DSL statistics collector) measured by the same probe, so
      // its p99 too is the suite's estimator over the suite's window.
      generators.put("bare jmeter-java-dsl (its defaults)", () -> SuiteRuns.bare(settings,
          "tp-bare-" + id, server.uri(), threads, d, body, false, "probe=on",
          "warmup=" + SuiteRuns.warmUp(d).toMillis() + "ms"));
      settings.wrk().ifPresent(wrk -> generators.put("wrk (2 threads)", () -> LoadTools.wrk(
          settings, wrk, server.uri(), threads, d, body, "tp-wrk-" + id)));
      Map<String, List<Map<String, String>>> runs = Rounds.interleave(id, settings.runs(),
          generators);
      Rounds.require(id, runs, BASELINE, "suite");
      double base = Cell.of(runs.get(BASELINE), "rps").median();
      runs.forEach((generator, results) -> row(table, target, threads, generator, results,
          base));
    }
  }

  private static void row(StringBuilder table, String target, int threads, String generator,
      List<Map<String, String>> results, double base) {
    Cell rps = Cell.of(results, "rps");
    if (rps.values().isEmpty()) {
      table.append(String.format(Locale.ROOT, "| %s | %d | %s | failed, see logs | | | | | | |%n",
          target, threads, generator));
      return;
    }
    table.append(String.format(Locale.ROOT,
        "| %s | %d | %s | %s | %.2f | %s | %s | %s | %s | %s |%n",
        target, threads, generator, rps.format("%.0f"), rps.median() / base,
        Cell.of(results, "cpuUsPerSample").formatMedian("%.1f"),
        Cell.of(results, "p99").format("%.0f"), Cell.of(results, "errors").formatMedian("%.0f"),
        Cell.of(results, "heapPeakMiB").formatMedian("%.0f"),
        Cell.of(results, "rssPeakMiB").formatMedian("%.0f")));
  }
}
