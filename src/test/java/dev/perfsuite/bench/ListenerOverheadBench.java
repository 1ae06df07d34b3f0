package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The suite's listener overhead: A = bare jmeter-java-dsl with the suite's engine settings,
 * B = the suite with every listener; runs alternate A B A B so machine drift hits both alike,
 * and the verdict is the median of the per-pair ratios B / A.
 */
final class ListenerOverheadBench {
  /** The target: every listener on costs at most 5 % of bare throughput. */
  private static final double MAX_OVERHEAD_PERCENT = 5;
  private static final int THREADS = 50;

  @Test
  void shouldStayWithinFivePercentWhenEveryListenerIsOn() {
    BenchSettings settings = BenchSettings.load();
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        A = bare jmeter-java-dsl + the suite's engine settings, B = the suite with every listener \
        (%s); %d threads, %d s per run, %d pairs run A B A B ..., each in a fresh JVM. \
        Overhead = 1 - median(B/A).

        | target | A req/s (runs) | B req/s (runs) | B/A per pair | median B/A | overhead | target <= %.0f %% |
        |---|---|---|---|---:|---:|---|
        """, "HdrHistogram recorder + CSV JTL + progress printer; Micrometer once "
        + "perf.metrics.export=prometheus is implemented", THREADS,
        settings.duration().toSeconds(), settings.pairs(), MAX_OVERHEAD_PERCENT));
    List<Double> medians = new ArrayList<>();
    try (LoopbackServer echo = LoopbackServer.echo(settings, Duration.ZERO)) {
      medians.add(pairs(settings, "echo", echo.uri(), 1024, table));
    }
    if (settings.nginx().isPresent()) {
      try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
        medians.add(pairs(settings, "nginx", nginx.uri(), 0, table));
      }
    }
    BenchReport.section(settings, "20-overhead", "Listener overhead (A/B)", table.toString());
    if (Boolean.getBoolean("bench.enforce")) {
      assertThat(medians).as("median B/A of every target (suite / bare, target overhead <= 5 %%)")
          .allSatisfy(m -> assertThat(m).isGreaterThanOrEqualTo(1 - MAX_OVERHEAD_PERCENT / 100));
    }
  }

  private static double pairs(BenchSettings settings, String target, URI uri, int body,
      StringBuilder table) {
    List<Double> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < settings.pairs(); i++) {
      a.add(SuiteRuns.rps(SuiteRuns.bare(settings, "ab-" + target + "-A" + i, uri, THREADS,
          settings.duration(), body, true)));
      b.add(SuiteRuns.rps(SuiteRuns.suite(settings, "ab-" + target + "-B" + i, uri, THREADS,
          settings.duration(), body)));
      ratios.add(b.get(i) / a.get(i));
    }
    double median = median(ratios);
    double overhead = (1 - median) * 100;
    table.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.3f | %.1f %% | %s |%n",
        target, join(a, "%.0f"), join(b, "%.0f"), join(ratios, "%.3f"), median, overhead,
        overhead <= MAX_OVERHEAD_PERCENT ? "met" : "NOT met"));
    return median;
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static String join(List<Double> values, String format) {
    return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, format, v))
        .toList());
  }
}
