package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** Samples become per-label timers by status, error counters by cause and a threads gauge. */
class SampleMetricsTest {

  @Test
  void shouldRecordTimersByStatusErrorsByCauseAndActiveThreads() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    SampleMetrics metrics = new SampleMetrics(registry, "scenario-a", "run-1");
    for (int i = 0; i < 10; i++) {
      SampleResult s = SampleResult.createTestSample(1000, 1000 + 20);
      s.setSampleLabel("read");
      s.setAllThreads(7);
      metrics.sample(s, Phase.MEASUREMENT, i < 3 ? ErrorCause.TIMEOUT : null, false);
    }

    assertThat(registry.get("perf.sample").tags("label", "read", "status", "ok").timer().count())
        .as("successful samples").isEqualTo(7);
    assertThat(registry.get("perf.sample").tags("status", "error", "scenario", "scenario-a",
        "run", "run-1").timer().count()).as("failed samples").isEqualTo(3);
    assertThat(registry.get("perf.errors").tags("cause", "TIMEOUT").counter().count())
        .as("errors by cause").isEqualTo(3.0);
    assertThat(registry.get("perf.threads.active").gauge().value()).isEqualTo(7.0);
  }
}
