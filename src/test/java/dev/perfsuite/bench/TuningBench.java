package dev.perfsuite.bench;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Generator tuning: each candidate setting against the suite's current engine settings, run
 * baseline / candidate alternately in fresh JVMs (2 pairs by default), then the suite with every
 * setting that helped, against wrk as the per-core yardstick.
 */
final class TuningBench {
  private static final int THREADS = 50;

  /** A candidate: its name, generator JVM flags and GeneratorRun arguments. */
  private record Candidate(String name, List<String> jvmFlags, List<String> args) {
  }

  private static final List<Candidate> CANDIDATES = List.of(
      new Candidate("no cookie/cache manager (httpCookies().disable(), httpCache().disable())",
          List.of(), List.of("managers=off")),
      new Candidate("-XX:+UseParallelGC", List.of("-XX:+UseParallelGC"), List.of()),
      new Candidate("-XX:+UseSerialGC", List.of("-XX:+UseSerialGC"), List.of()),
      new Candidate("JMeter's Java HTTP client (clientImpl(JAVA)) instead of HttpClient 4",
          List.of(), List.of("client=java")));

  @Test
  void shouldRankGeneratorSettingsWhenRunAgainstNginx() {
    BenchSettings settings = BenchSettings.load();
    int pairs = Integer.getInteger("bench.tuning.pairs", 2);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        Baseline = bare jmeter-java-dsl with the suite's engine settings; nginx 1 KiB GET, %d \
        threads, %d s per run, %d pairs baseline/candidate alternating, fresh JVM each. Gain = \
        median(candidate / baseline) - 1.

        | candidate | baseline req/s | candidate req/s | gain |
        |---|---|---|---:|
        """, THREADS, settings.duration().toSeconds(), pairs));
    if (settings.nginx().isEmpty()) {
      BenchReport.section(settings, "70-tuning", "Generator tuning", "Skipped: nginx not installed.");
      return;
    }
    try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
      URI uri = nginx.uri();
      for (Candidate c : CANDIDATES) {
        List<Double> base = new ArrayList<>();
        List<Double> cand = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
          String id = c.name().replaceAll("[^A-Za-z0-9]+", "-");
          base.add(SuiteRuns.rps(SuiteRuns.bare(settings, "tune-base-" + i + "-" + id, uri,
              THREADS, settings.duration(), 0, true)));
          cand.add(SuiteRuns.rps(SuiteRuns.bare(settings, "tune-" + i + "-" + id, uri, THREADS,
              settings.duration(), 0, true, c.jvmFlags(), c.args().toArray(String[]::new))));
          ratios.add(cand.get(i) / base.get(i));
        }
        table.append(String.format(Locale.ROOT, "| %s | %s | %s | %+.1f %% |%n", c.name(),
            join(base), join(cand), (ListenerOverheadBench.median(ratios) - 1) * 100));
      }
      Map<String, String> suite = SuiteRuns.suite(settings, "tune-suite-default", uri, THREADS,
          settings.duration(), 0);
      Map<String, String> tuned = SuiteRuns.suite(settings, "tune-suite-tuned", uri, THREADS,
          settings.duration(), 0, List.of("-XX:+UseParallelGC"), "managers=off");
      table.append(String.format(Locale.ROOT, """

          | generator (nginx, %d threads) | req/s |
          |---|---:|
          | suite as is | %s |
          | suite + no cookie/cache manager + ParallelGC | %s |
          """, THREADS, suite.get("rps"), tuned.get("rps")));
      settings.wrk().ifPresent(wrk -> LoadTools.wrk(settings, wrk, uri, THREADS, 0,
          "tune-wrk").ifPresent(rps -> table.append(String.format(Locale.ROOT,
          "| wrk (2 threads) | %.0f |%n%nSuite tuned / wrk = %.3f; k6 reference on this machine "
              + "class (issue): 23,949 req/s, suite tuned / that = %.3f.%n", rps,
          SuiteRuns.rps(tuned) / rps, SuiteRuns.rps(tuned) / 23949))));
    }
    BenchReport.section(settings, "70-tuning", "Generator tuning", table.toString());
  }

  private static String join(List<Double> values) {
    return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.0f", v))
        .toList());
  }
}
