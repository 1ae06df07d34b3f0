package dev.perfsuite.sla;

import static dev.perfsuite.sla.Runs.ECHO;
import static dev.perfsuite.sla.Runs.measured;
import static dev.perfsuite.sla.Runs.run;
import static dev.perfsuite.sla.Runs.warmUp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlaTest {

  private static final Duration MS_200 = Duration.ofMillis(200);
  private static final Duration MS_500 = Duration.ofMillis(500);

  @Test
  void shouldPassWhenEveryThresholdIsMet() {
    // 10 users at 100 req/s with a 100 ms mean keep Little's law exact.
    RunResult run = run(
        measured(LabelSummary.OVERALL).meanMillis(100).build(),
        measured(ECHO).build());
    Sla sla = Sla.overall()
        .p95Below(MS_200)
        .errorPercentBelow(1.0)
        .littlesLawGapWithin(15.0)
        .and(Sla.label(ECHO).p99Below(MS_500).throughputAbove(50.0).samplesAtLeast(1000));

    SlaVerdict verdict = sla.evaluate(run);

    assertThat(verdict.passed()).as("verdict of a healthy run:%n%s", verdict).isTrue();
    assertThat(verdict.results()).as("one row per threshold").hasSize(6);
    assertThat(verdict.failures()).as("failures of a healthy run").isEmpty();
    assertThatCode(verdict::assertPassed).as("assertPassed on a healthy run")
        .doesNotThrowAnyException();
  }

  @Test
  void shouldFailWhenP99AboveThreshold() {
    RunResult run = run(measured(LabelSummary.OVERALL).build(),
        measured(ECHO).p99Millis(750).build());

    SlaVerdict verdict = Sla.label(ECHO).p99Below(MS_500).evaluate(run);

    assertThat(verdict.passed()).as("verdict with p99 750 ms against < 500 ms").isFalse();
    ThresholdResult row = verdict.failures().get(0);
    assertThat(row.threshold().metric()).as("failing metric").isEqualTo(Metric.P99);
    assertThat(row.actual()).as("actual p99 in ms").isEqualTo(750.0);
    assertThatThrownBy(verdict::assertPassed)
        .as("assertPassed on a p99 breach")
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("SLA breached: 1 of 1 thresholds failed")
        .hasMessageContaining("750 ms")
        .hasMessageContaining("< 500 ms");
  }

  @Test
  void shouldReportEveryFailingThresholdWhenSeveralFail() {
    RunResult run = run(
        measured(LabelSummary.OVERALL).latencyMillis(100, 250, 300, 400).build(),
        measured(ECHO).throughput(40).build());
    Sla sla = Sla.overall().p95Below(MS_200).p99Below(MS_500)
        .and(Sla.label(ECHO).throughputAbove(100.0));

    SlaVerdict verdict = sla.evaluate(run);

    assertThat(verdict.failures()).as("failing rows").extracting(r -> r.threshold().metric())
        .containsExactly(Metric.P95, Metric.THROUGHPUT);
    assertThatThrownBy(verdict::assertPassed)
        .as("one message naming both breaches and the passing row")
        .hasMessageStartingWith("SLA breached: 2 of 3 thresholds failed")
        .hasMessageContainingAll("p95", "300 ms", "throughput", "40 req/s", "p99", "400 ms");
  }

  @Test
  void shouldIgnoreWarmUpSamplesWhenJudging() {
    RunResult run = run(
        warmUp(LabelSummary.OVERALL).latencyMillis(2000, 4000, 5000, 9000).samples(50)
            .errors(25, Map.of(ErrorCause.TIMEOUT, 25L), Map.of()).build(),
        warmUp(ECHO).latencyMillis(2000, 4000, 5000, 9000).samples(50)
            .errors(25, Map.of(ErrorCause.TIMEOUT, 25L), Map.of()).build(),
        measured(LabelSummary.OVERALL).build(),
        measured(ECHO).build());
    Sla sla = Sla.label(ECHO).p99Below(MS_500).errorPercentBelow(1.0).samplesAtLeast(1000);

    SlaVerdict verdict = sla.evaluate(run);

    assertThat(verdict.passed()).as("verdict when only warm-up was slow:%n%s", verdict).isTrue();
    assertThat(verdict.results().get(2).detail()).as("samples detail")
        .isEqualTo("excluding 50 warm-up samples");
  }

  @Test
  void shouldFailWhenLabelHasNoMeasurementSamples() {
    RunResult run = run(measured(LabelSummary.OVERALL).build(), measured(ECHO).build());

    SlaVerdict verdict = Sla.label("GET /missing").p99Below(MS_500).samplesAtLeast(1)
        .evaluate(run);

    assertThat(verdict.passed()).as("verdict on an unknown label").isFalse();
    assertThat(verdict.failures()).as("every threshold on the unknown label fails").hasSize(2);
    assertThat(verdict.results().get(0).detail()).as("detail of the unknown label")
        .startsWith("no samples in the measurement phase")
        .contains("labels seen: [" + ECHO + "]");
    assertThat(verdict.results().get(0).actual()).as("actual p99 without samples").isNaN();
    assertThat(verdict.results().get(1).actual()).as("actual samples").isZero();
    assertThat(verdict.table()).as("table row without samples").contains("n/a");
  }

  @Test
  void shouldFailWhenLabelSampledOnlyInWarmUp() {
    RunResult run = run(
        warmUp(ECHO).samples(30).build(),
        measured(LabelSummary.OVERALL).build(),
        measured(ECHO).samples(0).build());

    SlaVerdict verdict = Sla.label(ECHO).p99Below(MS_500).evaluate(run);

    assertThat(verdict.passed()).as("verdict on a label with warm-up samples only").isFalse();
    assertThat(verdict.results().get(0).detail()).as("detail")
        .isEqualTo("no samples in the measurement phase (30 in warm-up only)");
  }

  @Test
  void shouldFailWhenOverallHasNoMeasurementSamples() {
    RunResult run = run(measured(LabelSummary.OVERALL).samples(0).build());

    SlaVerdict verdict = Sla.overall().errorPercentBelow(1.0).evaluate(run);

    assertThat(verdict.passed()).as("an empty run never passes vacuously").isFalse();
    assertThat(verdict.results().get(0).detail()).as("detail")
        .isEqualTo("no samples in the measurement phase");
  }

  @Test
  void shouldNameErrorCausesWhenErrorPercentBreached() {
    RunResult run = run(measured(LabelSummary.OVERALL).errors(50,
        Map.of(ErrorCause.CONNECT, 40L, ErrorCause.HTTP_STATUS, 10L), Map.of("503", 10L)).build());

    SlaVerdict verdict = Sla.overall().errorPercentBelow(1.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict with 5 % errors against < 1 %").isFalse();
    assertThat(verdict.results().get(0).detail()).as("error detail")
        .isEqualTo("50 of 1000 failed: CONNECT 40, HTTP_STATUS 10 (503 x10)");
    assertThatThrownBy(verdict::assertPassed).as("breach message names the causes")
        .hasMessageContainingAll("error %", "< 1 %", "5 %", "CONNECT 40, HTTP_STATUS 10 (503 x10)");
  }

  @Test
  void shouldAttachStatusesToTheirCausesWhenSeveralCausesFailed() {
    LabelSummary summary = measured(LabelSummary.OVERALL).errors(60,
        Map.of(ErrorCause.HTTP_STATUS, 30L, ErrorCause.ASSERTION, 20L, ErrorCause.TIMEOUT, 10L),
        Map.of("500", 10L, "503", 20L, "200", 20L)).build();

    assertThat(SlaEvaluator.errorDetail(summary)).as("causes by count, statuses by cause")
        .isEqualTo("60 of 1000 failed: HTTP_STATUS 30 (503 x20, 500 x10), ASSERTION 20 (200 x20),"
            + " TIMEOUT 10");
  }

  @Test
  void shouldNameNoCauseWhenErrorPercentPasses() {
    RunResult run = run(measured(LabelSummary.OVERALL).build());

    SlaVerdict verdict = Sla.overall().errorPercentBelow(1.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict without errors").isTrue();
    assertThat(verdict.results().get(0).detail()).as("detail").isEqualTo("no errors");
  }

  @Test
  void shouldPassLittlesLawGapWhenUsersAreBusyWithoutThinkTime() {
    // 10 users, no think time: X * R = 100 req/s * 100 ms = 10 in flight.
    RunResult run = run(10, Duration.ZERO, false,
        measured(LabelSummary.OVERALL).throughput(100).meanMillis(100).build());

    SlaVerdict verdict = Sla.overall().littlesLawGapWithin(15.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict:%n%s", verdict).isTrue();
    assertThat(verdict.results().get(0).actual()).as("gap in %").isCloseTo(0.0, within(1e-9));
  }

  @Test
  void shouldIncludeThinkTimeWhenComputingLittlesLawGap() {
    // 10 users, 400 ms think: N = X * (R + Z) = 20 req/s * (100 + 400) ms = 10; X * R alone is 2.
    RunResult run = run(10, Duration.ofMillis(400), false,
        measured(LabelSummary.OVERALL).throughput(20).meanMillis(100).build());

    SlaVerdict verdict = Sla.overall().littlesLawGapWithin(15.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict with think time:%n%s", verdict).isTrue();
    assertThat(verdict.results().get(0).actual()).as("gap in %").isCloseTo(0.0, within(1e-9));
    assertThat(verdict.results().get(0).detail()).as("detail shows the terms")
        .isEqualTo("X * (R + Z) = 20 req/s * (100 ms + 400 ms think) / 1000 = 10 vs 10 users");
  }

  @Test
  void shouldFailLittlesLawGapWhenUsersWereIdle() {
    // 20 users configured but only 10 busy: the generator could not keep them all going.
    RunResult run = run(20, Duration.ZERO, false,
        measured(LabelSummary.OVERALL).throughput(100).meanMillis(100).build());

    SlaVerdict verdict = Sla.overall().littlesLawGapWithin(15.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict with half the users idle").isFalse();
    assertThat(verdict.results().get(0).actual()).as("gap in %").isCloseTo(50.0, within(1e-9));
    assertThat(verdict.table()).as("table").contains("<= 15 %").contains("50 %");
  }

  @Test
  void shouldFailLittlesLawGapWhenUsersUnknown() {
    RunResult run = run(0, Duration.ZERO, false, measured(LabelSummary.OVERALL).build());

    SlaVerdict verdict = Sla.overall().littlesLawGapWithin(15.0).evaluate(run);

    assertThat(verdict.passed()).as("verdict without users").isFalse();
    assertThat(verdict.results().get(0).detail()).as("detail").startsWith("users unknown");
  }

  @Test
  void shouldFailWhenRunInterrupted() {
    RunResult run = run(10, Duration.ZERO, true, measured(LabelSummary.OVERALL).build());

    SlaVerdict verdict = Sla.overall().p99Below(MS_500).evaluate(run);

    assertThat(verdict.passed()).as("verdict of an interrupted run with good stats").isFalse();
    assertThat(verdict.results()).as("rows: run completed, then p99").hasSize(2);
    ThresholdResult completion = verdict.results().get(0);
    assertThat(completion.threshold().metric()).as("extra row").isEqualTo(Metric.RUN_COMPLETED);
    assertThat(completion.passed()).as("run completed row").isFalse();
    assertThat(verdict.results().get(1).passed()).as("p99 row").isTrue();
    assertThatThrownBy(verdict::assertPassed).as("interrupted run breach")
        .hasMessageStartingWith("SLA breached: 1 of 2 thresholds failed")
        .hasMessageContainingAll("run completed", "interrupted");
  }

  @Test
  void shouldNotAddRunCompletedRowWhenRunCompleted() {
    SlaVerdict verdict = Sla.overall().p99Below(MS_500)
        .evaluate(run(measured(LabelSummary.OVERALL).build()));

    assertThat(verdict.results()).as("rows of a completed run").hasSize(1);
  }

  @Test
  void shouldPassWhenThroughputAboveLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL).throughput(120.5).build());

    SlaVerdict verdict = Sla.overall().throughputAbove(100.0).evaluate(run);

    assertThat(verdict.passed()).as("120.5 req/s against > 100 req/s").isTrue();
    assertThat(verdict.results().get(0).detail()).as("detail").startsWith("1000 samples over");
  }

  @Test
  void shouldFailWhenThroughputBelowLimit() {
    RunResult run = run(measured(LabelSummary.OVERALL).throughput(80).build());

    SlaVerdict verdict = Sla.overall().throughputAbove(100.0).evaluate(run);

    assertThat(verdict.passed()).as("80 req/s against > 100 req/s").isFalse();
  }

  @Test
  void shouldFailWhenSamplesShortOfMinimum() {
    RunResult run = run(measured(LabelSummary.OVERALL).samples(999).build());

    SlaVerdict verdict = Sla.overall().samplesAtLeast(1000).evaluate(run);

    assertThat(verdict.passed()).as("999 samples against >= 1000").isFalse();
  }

  @Test
  void shouldJudgeMeanAndEveryPercentileWhenDeclared() {
    RunResult run = run(measured(LabelSummary.OVERALL).latencyMillis(40, 90, 150, 300)
        .meanMillis(55.5).build());
    Sla sla = Sla.overall()
        .p50Below(Duration.ofMillis(50))
        .p90Below(Duration.ofMillis(90))
        .p95Below(Duration.ofMillis(200))
        .p99Below(Duration.ofMillis(250))
        .meanBelow(Duration.ofMillis(60));

    SlaVerdict verdict = sla.evaluate(run);

    assertThat(verdict.results()).as("actual values in ms").extracting(ThresholdResult::actual)
        .containsExactly(40.0, 90.0, 150.0, 300.0, 55.5);
    assertThat(verdict.results()).as("verdicts").extracting(ThresholdResult::passed)
        .containsExactly(true, false, true, false, true);
  }

  @Test
  void shouldAddThresholdsToLatestScopeWhenChainingAfterAnd() {
    Sla sla = Sla.overall().p95Below(MS_200).and(Sla.label(ECHO)).p99Below(MS_500);

    assertThat(sla.thresholds()).as("thresholds in declaration order").containsExactly(
        new Threshold(LabelSummary.OVERALL, Metric.P95, 200),
        new Threshold(ECHO, Metric.P99, 500));
  }

  @Test
  void shouldKeepOriginalUnchangedWhenAddingThreshold() {
    Sla base = Sla.overall().p95Below(MS_200);

    base.p99Below(MS_500);
    base.and(Sla.label(ECHO).p99Below(MS_500));

    assertThat(base.thresholds()).as("thresholds of the original").hasSize(1);
  }

  @Test
  void shouldRejectEvaluationWhenSlaHasNoThreshold() {
    assertThatThrownBy(() -> Sla.overall().evaluate(run(measured(LabelSummary.OVERALL).build())))
        .as("an empty SLA would pass anything")
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no threshold");
  }
}
