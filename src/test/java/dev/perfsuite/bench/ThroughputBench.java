package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Throughput of the suite, bare jmeter-java-dsl and other load tools against the echo backend
 * (POST 1 KiB) and a static 1 KiB nginx file (GET), closed model, no think time.
 */
final class ThroughputBench {
  private static final int ECHO_BODY = 1024;

  @Test
  void shouldCompareGeneratorsWhenTargetsRunOnLoopback() {
    BenchSettings settings = BenchSettings.load();
    StringBuilder table = new StringBuilder("""
        Closed model, %d s per run, one run each, every generator in a fresh JVM (-Xmx%s); targets \
        in their own processes on the same cores. Ratio = req/s / bare jmeter-java-dsl's req/s.

        | target | threads | generator | req/s | ratio to bare DSL | generator CPU µs/request | p99 ms | errors | peak heap MiB | peak RSS MiB |
        |---|---:|---|---:|---:|---:|---:|---:|---:|---:|
        """.formatted(settings.duration().toSeconds(), settings.generatorHeap()));
    StringBuilder skipped = new StringBuilder();
    try (LoopbackServer echo = LoopbackServer.echo(settings, Duration.ZERO)) {
      measure(settings, echo, ECHO_BODY, "echo", table);
    }
    if (settings.nginx().isPresent()) {
      try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
        measure(settings, nginx, 0, "nginx", table);
      }
    } else {
      skipped.append("- nginx: not installed (`apt-get install -y nginx-light`, or bench/run "
          + "does it); nginx rows skipped.\n");
    }
    if (settings.wrk().isEmpty()) {
      skipped.append("- wrk: not installed (`apt-get install -y wrk`); wrk rows skipped.\n");
    }
    if (settings.k6().isEmpty()) {
      skipped.append("- k6: not installed (not packaged in Debian; `apt-get install -y k6` finds "
          + "nothing without Grafana's repository); k6 rows skipped.\n");
    }
    skipped.append("- Gatling: not run (gatling-app resolves from Maven Central here, but no "
        + "simulation runner is wired into the harness yet).\n");
    BenchReport.section(settings, "10-throughput", "Throughput", table + "\n" + skipped);
    assertThat(table.toString()).as("throughput table has rows").contains("| suite |");
  }

  private static void measure(BenchSettings settings, LoopbackServer server, int body,
      String target, StringBuilder table) {
    for (int threads : settings.threads()) {
      String id = target + "-" + threads;
      Duration d = settings.duration();
      Map<String, String> bare = SuiteRuns.bare(settings, "tp-bare-" + id, server.uri(),
          threads, d, body, false);
      double base = SuiteRuns.rps(bare);
      row(table, target, threads, "bare jmeter-java-dsl (defaults)", bare, base);
      row(table, target, threads, "bare DSL + suite engine settings",
          SuiteRuns.bare(settings, "tp-tuned-" + id, server.uri(), threads, d, body, true), base);
      row(table, target, threads, "suite", SuiteRuns.suite(settings, "tp-suite-" + id,
          server.uri(), threads, d, body), base);
      settings.wrk().ifPresent(wrk -> tool(table, target, threads, "wrk (2 threads)",
          LoadTools.wrk(settings, wrk, server.uri(), threads, body, "tp-wrk-" + id), base));
      settings.k6().ifPresent(k6 -> tool(table, target, threads, "k6",
          LoadTools.k6(settings, k6, server.uri(), threads, body, "tp-k6-" + id)
              .stream().mapToObj(rps -> new LoadTools.ToolResult(rps, Double.NaN)).findFirst(),
          base));
    }
  }

  private static void row(StringBuilder table, String target, int threads, String generator,
      Map<String, String> r, double base) {
    double rps = SuiteRuns.rps(r);
    table.append(String.format(Locale.ROOT, "| %s | %d | %s | %.0f | %.2f | %s | %s | %s | %s | %s |%n",
        target, threads, generator, rps, rps / base, r.get("cpuUsPerSample"),
        r.getOrDefault("p99", "—"), r.get("errors"), r.get("heapPeakMiB"), r.get("rssPeakMiB")));
  }

  private static void tool(StringBuilder table, String target, int threads, String generator,
      Optional<LoadTools.ToolResult> result, double base) {
    table.append(result.isPresent()
        ? String.format(Locale.ROOT, "| %s | %d | %s | %.0f | %.2f | %.1f | — | — | — | — |%n",
            target, threads, generator, result.get().rps(), result.get().rps() / base,
            result.get().cpuUsPerRequest())
        : String.format(Locale.ROOT, "| %s | %d | %s | failed, see logs | | | | | | |%n", target,
            threads, generator));
  }
}
