package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The suite's listener overhead: A = bare jmeter-java-dsl with the suite's plan and engine
 * settings and no listener but the bench's probe (no DSL statistics collector, no HTTP cache
 * manager), B = the suite with every listener, so A and B differ in the listeners only; runs
 * alternate A B A B so machine drift hits both alike, and the verdict is the median of the per-pair
 * ratios B / A.
 */
final class ListenerOverheadBench {
  /** The target: every listener on costs at most 5 % of bare throughput. */
  private static final double MAX_OVERHEAD_PERCENT = 5;
  private static final int THREADS = 50;

  @Test
  void shouldStayWithinFivePercentWhenEveryListenerIsOn() {
    BenchSettings settings = BenchSettings.load();
    settings.requireTools(List.of("nginx"));
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        A = bare jmeter-java-dsl with the suite's plan and engine settings (no HTTP cache manager, \
        no DSL statistics collector) and one counting probe as its only listener, B = the suite \
        with every listener (%s): A and B differ in the listeners only; %d threads, %d s per \
        run, %d pairs run A B A B ... in one generator JVM after one \
        unrecorded A and B (JIT, connections), so neighbouring runs share the machine's state. \
        Throughput overhead = 1 - median(B/A of req/s). CPU overhead = median(B/A of generator \
        CPU per sample) - 1: the whole generator JVM's CPU time (JIT and GC included) within the \
        sampling window over its samples, which other processes on a busy machine disturb far \
        less than req/s.

        | target | A req/s | B req/s | median B/A req/s | throughput overhead \
        | A CPU µs/sample | B CPU µs/sample | CPU overhead | target <= %.0f %% |
        |---|---|---|---:|---:|---|---|---:|---|
        """, "HdrHistogram recorder + CSV JTL, and the progress printer and Micrometer "
        + "(perf.metrics.export=prometheus is set) wherever the engine has them", THREADS,
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
    List<String> flags = new ArrayList<>(SuiteRuns.EVERY_LISTENER);
    flags.add("-Dperf.results-dir=" + settings.out().resolve("results").toAbsolutePath());
    Duration planned = settings.duration().multipliedBy(2L * (settings.pairs() + 1));
    Map<String, String> r = ChildJvm.run(settings, "ab-" + target, flags, planned, "mode=ab",
        "url=" + uri, "threads=" + THREADS, "duration=" + settings.duration().toMillis() + "ms",
        "body=" + body, "pairs=" + settings.pairs(),
        "warmup=" + SuiteRuns.warmUp(settings.duration()).toMillis() + "ms");
    List<Double> a = numbers(r.get("aRps"));
    List<Double> b = numbers(r.get("bRps"));
    List<Double> aCpu = numbers(r.get("aCpu"));
    List<Double> bCpu = numbers(r.get("bCpu"));
    List<Double> ratios = new ArrayList<>();
    List<Double> cpuRatios = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      ratios.add(b.get(i) / a.get(i));
      cpuRatios.add(bCpu.get(i) / aCpu.get(i));
    }
    double median = median(ratios);
    double overhead = (1 - median) * 100;
    double cpuOverhead = (median(cpuRatios) - 1) * 100;
    table.append(String.format(Locale.ROOT,
        "| %s | %s | %s | %.3f | %.1f %% | %s | %s | %+.1f %% | %s |%n",
        target, join(a, "%.0f"), join(b, "%.0f"), median, overhead, join(aCpu, "%.0f"),
        join(bCpu, "%.0f"), cpuOverhead, verdict(overhead, cpuOverhead)));
    return median;
  }

  private static List<Double> numbers(String csv) {
    return Arrays.stream(csv.split(",")).map(Double::parseDouble).toList();
  }

  private static String verdict(double throughputOverhead, double cpuOverhead) {
    return "req/s: " + (throughputOverhead <= MAX_OVERHEAD_PERCENT ? "met" : "NOT met")
        + ", CPU: " + (cpuOverhead <= MAX_OVERHEAD_PERCENT ? "met" : "NOT met");
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
