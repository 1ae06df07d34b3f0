package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleBatch;
import dev.perfsuite.results.SampleObserver;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/**
 * Live meters honour {@code perf.labels.max}: labels past the cap share the "other labels" meters,
 * and a run's meters leave the registry, so a long-lived JVM does not grow with labels or runs.
 */
class LiveMetricsLabelCapTest {
  private static final int CAP = 20;
  private static final int PAST = 180;

  @Test
  void shouldMakeAtMostCapPlusOneLabelMeterSetsAndLeaveNoneAfterClose() {
    LiveMetrics live = LiveMetrics.start(MetricsSettings.defaults());
    MeterRegistry registry = live.registry();
    RunContext run = run("ids", "run-ids");
    SampleObserver observer = live.runStarting(run);
    feed(observer, CAP + PAST);

    assertThat(labels(registry, "run-ids")).as("labels with meters of their own")
        .hasSizeLessThanOrEqualTo(CAP + 1).contains("other labels", "GET /users/0");
    assertThat(registry.get("perf.sample").tags("run", "run-ids", "label", "other labels",
        "status", "ok").timer().count()).as("successes of the labels past the cap, one timer")
        .isEqualTo(PAST - PAST / 10);
    assertThat(registry.get("perf.errors").tags("run", "run-ids", "label", "other labels")
        .counter().count()).as("errors of the labels past the cap").isEqualTo(PAST / 10);

    live.runEnded(run, null);
    assertThat(labels(registry, "run-ids")).as("meters of the run just ended, for a scrape")
        .hasSize(CAP + 1);
    live.close();
    assertThat(meters(registry, "run-ids")).as("the run's meters after close").isEmpty();
  }

  @Test
  void shouldRemoveARunsMetersWhenTheNextRunEnds() {
    try (LiveMetrics live = LiveMetrics.start(MetricsSettings.defaults())) {
      RunContext first = run("first", "run-1");
      feed(live.runStarting(first), CAP + PAST);
      live.runEnded(first, null);
      RunContext second = run("second", "run-2");
      feed(live.runStarting(second), 3);
      assertThat(meters(live.registry(), "run-1")).as("run 1's meters while run 2 goes")
          .isNotEmpty();

      live.runEnded(second, null);

      assertThat(meters(live.registry(), "run-1")).as("run 1's meters once run 2 ended")
          .isEmpty();
      assertThat(labels(live.registry(), "run-2")).as("run 2's meters, for a scrape after it")
          .hasSize(3);
    }
  }

  @Test
  void shouldFoldEngineBatchesPastTheCapAndDropTheirPrometheusSeriesOnClose() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    MergedBucketSeries buckets = MergedBucketSeries.register(registry.getPrometheusRegistry());
    MergedBucketSeries responses = MergedBucketSeries.responses(registry.getPrometheusRegistry());
    SampleMetrics distributed = new SampleMetrics(registry, "distributed", "run-d", buckets,
        responses, CAP);
    Histogram latencies = new Histogram(3);
    latencies.recordValueWithCount(20, 5);
    for (int i = 0; i < CAP + PAST; i++) {
      distributed.batch(new SampleBatch("10.0.0.5:1099", "GET /users/" + i, Phase.MEASUREMENT,
          latencies, Map.of(ErrorCause.TIMEOUT, 1L), 4));
    }
    String scrape = registry.scrape();
    assertThat(scrape.lines().filter(l -> l.startsWith(MergedBucketSeries.NAME + "_count{"))
        .count()).as("merged service-time series").isEqualTo(CAP + 1);
    assertThat(scrape).as("the labels past the cap in one merged series")
        .contains(MergedBucketSeries.RESPONSE_NAME + "_count{label=\"other labels\",run=\"run-d\","
            + "scenario=\"distributed\"} " + PAST * 5);

    distributed.close();
    SampleResult local = SampleResult.createTestSample(1000, 1030);
    local.setSampleLabel("login");
    new SampleMetrics(registry, "local", "run-l", buckets, responses, CAP)
        .sample(local, Phase.MEASUREMENT, null, false);

    assertThat(registry.scrape()).as("a scrape after the distributed run was closed")
        .doesNotContain("run=\"run-d\"")
        .contains("perf_sample_seconds_bucket{label=\"login\"")
        .contains("perf_response_seconds_count{label=\"login\",run=\"run-l\"")
        .as("the local timer owns perf_response_seconds again, the merged set left")
        .contains("# HELP perf_response_seconds What users saw: from the intended start (open "
            + "model), or with the closed model's stalls filled in; warm-up included");
  }

  private static RunContext run(String scenario, String runId) {
    return new RunContext(scenario, runId, Profiles.smoke(), Path.of("target"), 1, CAP);
  }

  /** Samples of {@code labels} distinct labels, one in ten failed; label 0 twice. */
  private static void feed(SampleObserver observer, int labels) {
    for (int i = 0; i < labels; i++) {
      for (String label : List.of("GET /users/" + i, "GET /users/0")) {
        SampleResult s = SampleResult.createTestSample(1000, 1000 + 20);
        s.setSampleLabel(label);
        s.setAllThreads(3);
        boolean failed = i % 10 == 0 && !label.equals("GET /users/0");
        observer.sample(s, Phase.MEASUREMENT, failed ? ErrorCause.TIMEOUT : null, false);
      }
    }
  }

  private static List<Meter> meters(MeterRegistry registry, String runId) {
    return registry.getMeters().stream().filter(m -> runId.equals(m.getId().getTag("run")))
        .toList();
  }

  private static Set<String> labels(MeterRegistry registry, String runId) {
    return meters(registry, runId).stream().map(m -> m.getId().getTag("label"))
        .filter(l -> l != null).collect(Collectors.toSet());
  }
}
