package dev.perfsuite.sla;

import static dev.perfsuite.sla.Runs.measured;
import static dev.perfsuite.sla.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** "Below" and "above" are strict; "within" and "at least" are inclusive. */
class ThresholdBoundaryTest {

  private static boolean passes(Sla sla, RunResult run) {
    return sla.evaluate(run).passed();
  }

  @Test
  void shouldFailWhenP99EqualsLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL).p99Millis(500).build());

    assertThat(passes(Sla.overall().p99Below(Duration.ofMillis(500)), run))
        .as("p99 500 ms against < 500 ms").isFalse();
    assertThat(passes(Sla.overall().p99Below(Duration.ofMillis(501)), run))
        .as("p99 500 ms against < 501 ms").isTrue();
  }

  @Test
  void shouldCompareSubMillisecondLimitsWhenDurationHasNanos() {
    RunResult run = run(measured(LabelSummary.OVERALL).p99Millis(500).build());

    assertThat(passes(Sla.overall().p99Below(Duration.ofNanos(500_000_001)), run))
        .as("p99 500 ms against < 500.000001 ms").isTrue();
  }

  @Test
  void shouldFailWhenMeanEqualsLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL).meanMillis(60).build());

    assertThat(passes(Sla.overall().meanBelow(Duration.ofMillis(60)), run))
        .as("mean 60 ms against < 60 ms").isFalse();
  }

  @Test
  void shouldFailWhenErrorPercentEqualsLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL)
        .errors(10, Map.of(ErrorCause.TIMEOUT, 10L), Map.of()).build());

    assertThat(passes(Sla.overall().errorPercentBelow(1.0), run))
        .as("1 % errors against < 1 %").isFalse();
    assertThat(passes(Sla.overall().errorPercentBelow(1.01), run))
        .as("1 % errors against < 1.01 %").isTrue();
  }

  @Test
  void shouldFailWhenThroughputEqualsLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL).throughput(100).build());

    assertThat(passes(Sla.overall().throughputAbove(100.0), run))
        .as("100 req/s against > 100 req/s").isFalse();
    assertThat(passes(Sla.overall().throughputAbove(99.9), run))
        .as("100 req/s against > 99.9 req/s").isTrue();
  }

  @Test
  void shouldPassWhenLittlesLawGapEqualsTolerance() {
    // 100 req/s * 100 ms = 10 in flight against 8 users: a gap of exactly 25 %.
    RunResult run = run(8, Duration.ZERO, false,
        measured(LabelSummary.OVERALL).throughput(100).meanMillis(100).build());

    assertThat(passes(Sla.overall().littlesLawGapWithin(25.0), run))
        .as("gap 25 % against <= 25 %").isTrue();
    assertThat(passes(Sla.overall().littlesLawGapWithin(24.9), run))
        .as("gap 25 % against <= 24.9 %").isFalse();
  }

  @Test
  void shouldPassWhenSamplesEqualMinimum() {
    RunResult run = run(measured(LabelSummary.OVERALL).samples(1000).build());

    assertThat(passes(Sla.overall().samplesAtLeast(1000), run))
        .as("1000 samples against >= 1000").isTrue();
  }

  @Test
  void shouldRejectZeroLimitWhenBelowCanNeverPass() {
    assertThatThrownBy(() -> Sla.overall().errorPercentBelow(0.0))
        .as("error % below 0")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be positive");
    assertThatThrownBy(() -> Sla.overall().p99Below(Duration.ZERO))
        .as("p99 below 0 ms")
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldRejectInvalidLimitsWhenBuilding() {
    assertThatThrownBy(() -> Sla.overall().p95Below(Duration.ofMillis(-1))).as("negative duration")
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sla.overall().throughputAbove(Double.NaN)).as("NaN throughput")
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sla.overall().littlesLawGapWithin(-5)).as("negative gap")
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sla.overall().samplesAtLeast(0)).as("at least 0 samples")
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Sla.label(" ")).as("blank label")
        .isInstanceOf(IllegalArgumentException.class);
  }
}
