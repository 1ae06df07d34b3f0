package dev.perfsuite.bench;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Generator tuning: each candidate setting against the suite's current engine settings, run
 * baseline / candidate alternately in fresh JVMs (2 pairs by default), then the suite with the
 * settings that helped, against wrk as the per-core yardstick.
 */
final class TuningBench {
  private static final int THREADS = 50;

  /** A candidate: its name, generator JVM flags and GeneratorRun arguments. */
  private record Candidate(String name, List<String> jvmFlags, List<String> args) {
  }

  private static final List<Candidate> CANDIDATES = List.of(
      new Candidate("no HTTP cache manager (httpCache().disable(); the DSL adds one by default)",
          List.of(), List.of("managers=nocache")),
      new Candidate("no cookie manager (httpCookies().disable(); the DSL adds one by default)",
          List.of(), List.of("managers=nocookies")),
      new Candidate("-XX:+UseParallelGC", List.of("-XX:+UseParallelGC"), List.of()),
      new Candidate("JMeter's Java HTTP client (clientImpl(JAVA)) instead of HttpClient 4",
          List.of(), List.of("client=java")),
      new Candidate("listener design: + suite recorder as today (synchronized, JTL in the lock)",
          List.of(), List.of("recorder=direct")),
      new Candidate("listener design: + suite recorder behind a lock-free queue, one consumer "
          + "thread (prototype)", List.of(), List.of("recorder=queued")),
      new Candidate("listener design: + suite recorder, DSL's P² stats collector dropped",
          List.of(), List.of("recorder=direct", "dslstats=off")));

  @Test
  void shouldRankGeneratorSettingsWhenRunAgainstNginx() {
    BenchSettings settings = BenchSettings.load();
    int pairs = Integer.getInteger("bench.tuning.pairs", 2);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        Baseline = bare jmeter-java-dsl with the suite's engine settings; nginx 1 KiB GET, %d \
        threads, %d s per run, %d pairs baseline/candidate alternating, fresh JVM each. Gain = \
        median(candidate / baseline) - 1 of req/s; CPU = median of the generator JVM's CPU per \
        sample (sampling window only), candidate / baseline - 1 (negative = cheaper).

        | candidate | baseline req/s | candidate req/s | req/s gain | CPU µs/sample base → candidate | CPU change |
        |---|---|---|---:|---|---:|
        """, THREADS, settings.duration().toSeconds(), pairs));
    if (settings.nginx().isEmpty()) {
      BenchReport.section(settings, "70-tuning", "Generator tuning",
          "Skipped: nginx not installed.");
      return;
    }
    try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
      URI uri = nginx.uri();
      for (Candidate c : CANDIDATES) {
        candidate(settings, uri, c, pairs, table);
      }
      Map<String, String> suite = SuiteRuns.suite(settings, "tune-suite-default", uri, THREADS,
          settings.duration(), 0);
      Map<String, String> tuned = SuiteRuns.suite(settings, "tune-suite-nocache", uri, THREADS,
          settings.duration(), 0, "managers=nocache");
      Map<String, String> lean = SuiteRuns.suite(settings, "tune-suite-lean", uri, THREADS,
          settings.duration(), 0, "managers=off");
      table.append(String.format(Locale.ROOT, """

          | generator (nginx, %d threads) | req/s | generator CPU µs/request |
          |---|---:|---:|
          | suite as is | %s | %s |
          | suite, no cache manager | %s | %s |
          | suite, no cache and no cookie manager | %s | %s |
          """, THREADS, suite.get("rps"), suite.get("cpuUsPerSample"), tuned.get("rps"),
          tuned.get("cpuUsPerSample"), lean.get("rps"), lean.get("cpuUsPerSample")));
      settings.wrk().ifPresent(wrk -> LoadTools.wrk(settings, wrk, uri, THREADS, 0,
          "tune-wrk").ifPresent(w -> table.append(String.format(Locale.ROOT,
          "| wrk (2 threads) | %.0f | %.1f |%n%nPer core (CPU per request): suite without cache "
              + "manager / wrk = %.3f, req/s ratio %.3f. Against the issue's k6 figure (23,949 "
              + "req/s on this machine class; k6 is not installed here): %.2f of k6.%n",
          w.rps(), w.cpuUsPerRequest(), w.cpuUsPerRequest()
              / Double.parseDouble(tuned.get("cpuUsPerSample")),
          SuiteRuns.rps(tuned) / w.rps(), SuiteRuns.rps(tuned) / 23949))));
    }
    BenchReport.section(settings, "70-tuning", "Generator tuning", table.toString());
  }

  private static void candidate(BenchSettings settings, URI uri, Candidate c, int pairs,
      StringBuilder table) {
    List<Double> base = new ArrayList<>();
    List<Double> cand = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    List<Double> baseCpu = new ArrayList<>();
    List<Double> candCpu = new ArrayList<>();
    List<Double> cpuRatios = new ArrayList<>();
    String id = c.name().replaceAll("[^A-Za-z0-9]+", "-");
    id = id.substring(0, Math.min(40, id.length()));
    for (int i = 0; i < pairs; i++) {
      Map<String, String> b = SuiteRuns.bare(settings, "tune-base-" + i + "-" + id, uri,
          THREADS, settings.duration(), 0, true);
      Map<String, String> k = SuiteRuns.bare(settings, "tune-" + i + "-" + id, uri, THREADS,
          settings.duration(), 0, true, c.jvmFlags(), c.args().toArray(String[]::new));
      base.add(SuiteRuns.rps(b));
      cand.add(SuiteRuns.rps(k));
      ratios.add(cand.get(i) / base.get(i));
      baseCpu.add(Double.parseDouble(b.get("cpuUsPerSample")));
      candCpu.add(Double.parseDouble(k.get("cpuUsPerSample")));
      cpuRatios.add(candCpu.get(i) / baseCpu.get(i));
    }
    table.append(String.format(Locale.ROOT, "| %s | %s | %s | %+.1f %% | %s → %s | %+.1f %% |%n",
        c.name(), join(base), join(cand), (ListenerOverheadBench.median(ratios) - 1) * 100,
        join(baseCpu), join(candCpu), (ListenerOverheadBench.median(cpuRatios) - 1) * 100));
  }

  private static String join(List<Double> values) {
    return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.0f", v))
        .toList());
  }
}
