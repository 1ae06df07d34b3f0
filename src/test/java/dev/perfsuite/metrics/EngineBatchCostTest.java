package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleBatch;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.cumulative.CumulativeTimer;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.pause.PauseDetector;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** Engine snapshots cost O(labels): a million samples are added, not replayed one by one. */
class EngineBatchCostTest {
  private static final long SAMPLES = 1_000_000;

  @Test
  void shouldAddAMillionSampleSnapshotWithoutRecordingEachValue() {
    CountingRegistry registry = new CountingRegistry();
    SampleMetrics metrics = new SampleMetrics(registry, "soak", "run-1");
    metrics.batch(batch("login", SAMPLES, Map.of(ErrorCause.TIMEOUT, 5L)));
    metrics.batch(batch("login", SAMPLES, Map.of()));

    assertThat(registry.records.get()).as("values recorded one by one into Micrometer timers")
        .isZero();
    assertThat(registry.get("perf.sample").tags("label", "login", "scenario", "soak")
        .functionTimer().count()).as("samples of two snapshots").isEqualTo(2 * SAMPLES);
    assertThat(registry.get("perf.sample").tags("label", "login").functionTimer()
        .mean(TimeUnit.MILLISECONDS)).as("mean of values 1..1000 ms")
        .isBetween(499.0, 502.0);
    assertThat(registry.get("perf.errors").tags("cause", "TIMEOUT").counter().count())
        .as("errors by cause").isEqualTo(5.0);
  }

  @Test
  void shouldKeepTheTimerKindWhenLocalSamplesCameFirst() {
    CountingRegistry registry = new CountingRegistry();
    SampleMetrics metrics = new SampleMetrics(registry, "mixed", "run-1");
    SampleResult s = SampleResult.createTestSample(1000, 1020);
    s.setSampleLabel("read");
    metrics.sample(s, Phase.MEASUREMENT, null, false);
    metrics.batch(batch("read", 10, Map.of()));

    assertThat(registry.get("perf.sample").tags("label", "read").timer().count())
        .as("a session that made perf.sample a timer keeps it (Prometheus: one kind per name)")
        .isEqualTo(11);
  }

  @Test
  void shouldScrapeOneKindPerNameWhenLocalSamplesFollowEngineSnapshots() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new SampleMetrics(registry, "distributed", "run-1").batch(batch("login", 2000, Map.of()));
    SampleMetrics local = new SampleMetrics(registry, "local", "run-2");
    SampleResult s = SampleResult.createTestSample(1000, 1020);
    s.setSampleLabel("read");
    local.sample(s, Phase.MEASUREMENT, null, false);

    String scrape = registry.scrape();
    assertThat(scrape).as("Prometheus text of both runs")
        .contains("perf_sample_seconds_count{label=\"login\"")
        .contains("perf_sample_seconds_count{label=\"read\"");
    assertThat(registry.get("perf.sample").tags("label", "read").functionTimer().count())
        .as("the local sample joined the session's function timers").isEqualTo(1);
    registry.close();
  }

  private static SampleBatch batch(String label, long samples, Map<ErrorCause, Long> errors) {
    Histogram latencies = new Histogram(3);
    if (samples < 1000) {
      latencies.recordValueWithCount(20, samples);
    } else {
      for (long v = 1; v <= 1000; v++) {
        latencies.recordValueWithCount(v, samples / 1000);
      }
    }
    return new SampleBatch("engine-1:1099", label, Phase.MEASUREMENT, latencies, errors, 300);
  }

  /** Counts every value recorded into a timer of this registry. */
  private static final class CountingRegistry extends SimpleMeterRegistry {
    final AtomicLong records = new AtomicLong();

    CountingRegistry() {
      super(SimpleConfig.DEFAULT, Clock.SYSTEM);
    }

    @Override
    protected Timer newTimer(Meter.Id id, DistributionStatisticConfig config,
        PauseDetector pauses) {
      return new CumulativeTimer(id, Clock.SYSTEM, config, pauses, TimeUnit.SECONDS, false) {
        @Override
        protected void recordNonNegative(long amount, TimeUnit unit) {
          records.incrementAndGet();
          super.recordNonNegative(amount, unit);
        }
      };
    }
  }
}
