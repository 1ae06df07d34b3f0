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
          List.of(), List.of("recorder=direct", "dslstats=off")),
      new Candidate("-XX:+UseSerialGC (what the JVM picks by itself on 1 CPU or < 1792 MiB)",
          List.of("-XX:+UseSerialGC"), List.of()),
      new Candidate("-Xss256k (JMeter threads' stacks; default 1 MiB reserved)",
          List.of("-Xss256k"), List.of()),
      new Candidate("no stale-connection check (httpclient4.validate_after_inactivity=0)",
          List.of(), List.of("props=httpclient4.validate_after_inactivity:0")),
      new Candidate("response body not kept (httpsampler.max_bytes_to_store_per_request=1)",
          List.of(), List.of("props=httpsampler.max_bytes_to_store_per_request:1")));

  /** Collectors against G1 (the suite's pinned choice): CPU and what their pauses cost. */
  private static final List<Candidate> COLLECTORS = List.of(
      new Candidate("-XX:+UseParallelGC", List.of("-XX:+UseParallelGC"), List.of()),
      new Candidate("-XX:+UseSerialGC", List.of("-XX:+UseSerialGC"), List.of()));

  private static final Duration ECHO_DELAY = Duration.ofMillis(20);

  @Test
  void shouldRankGeneratorSettingsWhenRunAgainstNginx() {
    BenchSettings settings = BenchSettings.load();
    int pairs = Integer.getInteger("bench.tuning.pairs", 2);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        Baseline = bare jmeter-java-dsl with the suite's engine settings; nginx 1 KiB GET, %d \
        threads, %d s per run, %d pairs baseline/candidate alternating, fresh JVM each. Gain = \
        median(candidate / baseline) - 1 of req/s; CPU = median of the generator JVM's CPU per \
        sample (sampling window only), candidate / baseline - 1 (negative = cheaper).

        | candidate | baseline req/s | candidate req/s | req/s gain \
        | CPU µs/sample base → candidate | CPU change |
        |---|---|---|---:|---|---:|
        """, THREADS, settings.duration().toSeconds(), pairs));
    if (settings.nginx().isEmpty()) {
      BenchReport.section(settings, "70-tuning", "Generator tuning",
          "Skipped: nginx not installed.");
      return;
    }
    try (LoopbackServer nginx = LoopbackServer.nginx(settings, settings.nginx().get())) {
      URI uri = nginx.uri();
      for (Candidate c : selected(CANDIDATES)) {
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
              + "manager / wrk = %.3f, req/s ratio %.3f.%n",
          w.rps(), w.cpuUsPerRequest(), w.cpuUsPerRequest()
              / Double.parseDouble(tuned.get("cpuUsPerSample")),
          SuiteRuns.rps(tuned) / w.rps()))));
    }
    BenchReport.section(settings, "70-tuning", "Generator tuning", table.toString());
  }

  /**
   * GC choice measured against latency accuracy: the suite with every listener against the echo
   * backend with a known delay, G1 (pinned by GeneratorSettings) alternating with each other
   * collector in fresh JVMs. A collector that saves CPU but stretches p99 past the delay is
   * rejected with these figures.
   */
  @Test
  void shouldRejectCollectorsThatPauseMeasuredLatencies() {
    BenchSettings settings = BenchSettings.load();
    int pairs = Integer.getInteger("bench.tuning.pairs", 2);
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        The suite with every listener, %d threads, %d s per run, POST 1 KiB to the echo backend \
        with --delay %d; %d pairs G1 / candidate alternating, fresh JVM each. Per run: CPU \
        µs/sample (sampling window), p99 - delay, GC count / total ms / longest pause ms. Load \
        average at the start: %s.

        | collector | G1 CPU µs/sample | candidate CPU µs/sample | CPU change | G1 p99 - delay \
        | candidate p99 - delay | G1 GCs | candidate GCs |
        |---|---|---|---:|---|---|---|---|
        """, THREADS, settings.duration().toSeconds(), ECHO_DELAY.toMillis(), pairs,
        Machine.readLoadAverage()));
    try (LoopbackServer echo = LoopbackServer.echo(settings, ECHO_DELAY)) {
      for (Candidate c : selected(COLLECTORS)) {
        List<Map<String, String>> base = new ArrayList<>();
        List<Map<String, String>> cand = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
          base.add(SuiteRuns.suite(settings, "gc-g1-" + i, echo.uri(), THREADS,
              settings.duration(), 1024, List.of("-XX:+UseG1GC")));
          cand.add(SuiteRuns.suite(settings, "gc-" + i + c.name().replaceAll("\\W+", "-"),
              echo.uri(), THREADS, settings.duration(), 1024, c.jvmFlags()));
          cpuRatios.add(cpu(cand.get(i)) / cpu(base.get(i)));
        }
        table.append(String.format(Locale.ROOT, "| %s | %s | %s | %+.1f %% | %s | %s | %s | %s |%n",
            c.name(), joinField(base, "cpuUsPerSample"), joinField(cand, "cpuUsPerSample"),
            (ListenerOverheadBench.median(cpuRatios) - 1) * 100, p99Errors(base),
            p99Errors(cand), gcs(base), gcs(cand)));
      }
    }
    BenchReport.section(settings, "71-collectors", "Collectors against latency accuracy",
        table.toString());
  }

  /**
   * Candidates whose name contains one of the {@code |}-separated parts of
   * {@code bench.tuning.only}, e.g. {@code Java HTTP|SerialGC}; all when unset.
   */
  private static List<Candidate> selected(List<Candidate> all) {
    List<String> only = List.of(System.getProperty("bench.tuning.only", "").split("\\|"));
    return all.stream().filter(c -> only.stream().anyMatch(c.name()::contains)).toList();
  }

  private static double cpu(Map<String, String> run) {
    return Double.parseDouble(run.get("cpuUsPerSample"));
  }

  private static String joinField(List<Map<String, String>> runs, String field) {
    return join(runs.stream().map(r -> Double.parseDouble(r.get(field))).toList());
  }

  private static String p99Errors(List<Map<String, String>> runs) {
    return String.join(", ", runs.stream().map(r -> String.format(Locale.ROOT, "%+d ms",
        Long.parseLong(r.get("p99")) - ECHO_DELAY.toMillis())).toList());
  }

  private static String gcs(List<Map<String, String>> runs) {
    return String.join("; ", runs.stream().map(r -> r.get("gcCount") + " / " + r.get("gcMillis")
        + " / " + r.get("gcMaxPauseMs")).toList());
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
