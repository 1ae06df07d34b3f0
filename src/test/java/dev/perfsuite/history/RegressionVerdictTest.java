package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.history.MetricComparison.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegressionVerdictTest {
  private static final String LABEL = "GET echo";

  private static MetricComparison row(RegressionVerdict verdict, RegressionMetric metric) {
    return verdict.comparisons().stream().filter(c -> c.metric() == metric).findFirst()
        .orElseThrow();
  }

  @Test
  void shouldFlagRegressionWhenEveryWindowGotSlowerBeyondTolerance() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 11, 10, 12, 11, 10, 11, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 15, 16, 15, 17, 16, 15, 16, 15);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "previous run", 10);

    MetricComparison p95 = row(verdict, RegressionMetric.P95);
    assertThat(p95.status()).as("p95 11 -> 16 ms with separated windows").isEqualTo(
        Status.REGRESSION);
    assertThat(p95.pValue()).as("p-value").isLessThan(RegressionVerdict.SIGNIFICANCE);
    assertThat(p95.baselineWindows()).as("last window left out").isEqualTo(7);
    assertThat(verdict.regressed()).as("verdict").isTrue();
  }

  @Test
  void shouldCallItNoiseWhenTheMoveIsWithinWindowScatter() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 20, 9, 18, 11, 22, 10, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 19, 10, 21, 11, 18, 12, 20, 10);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "previous run", 10);

    assertThat(row(verdict, RegressionMetric.P95).status())
        .as("median 11 -> 18 ms but windows overlap").isEqualTo(Status.NOISE);
    assertThat(verdict.regressed()).as("verdict").isFalse();
  }

  @Test
  void shouldPassWhenTheMoveIsWithinTolerance() {
    RunRecord before = Records.run(LABEL, 500, 0, 100, 100, 100, 100, 100, 100);
    RunRecord after = Records.run(LABEL, 500, 0, 105, 105, 105, 105, 105, 105);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "previous run", 10);

    assertThat(row(verdict, RegressionMetric.P95).status()).as("+5 %, tolerance 10 %")
        .isEqualTo(Status.OK);
  }

  @Test
  void shouldIgnoreOneMillisecondMovesWhenLatencyIsTiny() {
    RunRecord before = Records.run(LABEL, 500, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    RunRecord after = Records.run(LABEL, 500, 0, 1, 1, 1, 1, 1, 1, 1, 1);
    RunRecord doubled = Records.run(LABEL, 500, 0, 2, 2, 2, 2, 2, 2, 2, 2);

    assertThat(row(RegressionVerdict.compare(before, after, "x", 10), RegressionMetric.P95)
        .status()).as("1 -> 1 ms").isEqualTo(Status.OK);
    assertThat(row(RegressionVerdict.compare(before, doubled, "x", 10), RegressionMetric.P95)
        .status()).as("1 -> 2 ms every window").isEqualTo(Status.REGRESSION);
  }

  @Test
  void shouldFlagThroughputAndErrorsWhenTheyGetWorse() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 10, 10, 10, 10, 10, 10, 10);
    RunRecord after = Records.run(LABEL, 300, 30, 10, 10, 10, 10, 10, 10, 10, 10);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "x", 10);

    assertThat(row(verdict, RegressionMetric.THROUGHPUT).status()).as("500 -> 300 req/s")
        .isEqualTo(Status.REGRESSION);
    assertThat(row(verdict, RegressionMetric.ERROR_PERCENT).status()).as("0 -> 10 % errors")
        .isEqualTo(Status.REGRESSION);
    assertThat(row(verdict, RegressionMetric.ERROR_PERCENT).change()).as("change from zero")
        .isEqualTo("from 0, worse");
  }

  @Test
  void shouldBeInconclusiveWhenTooFewWindowsCanReachSignificance() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 10, 10, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 30, 30, 30, 30);
    MetricComparison p95 = row(RegressionVerdict.compare(before, after, "x", 10),
        RegressionMetric.P95);

    assertThat(p95.status()).as("3 vs 3 windows: smallest p is 0.05").isEqualTo(
        Status.INCONCLUSIVE);
    assertThat(p95.note()).as("note").contains("lengthen the hold");
  }

  @Test
  void shouldNameLabelMetricValuesAndTestWhenFailing() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 11, 10, 12, 11, 10, 11, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 15, 16, 15, 17, 16, 15, 16, 15);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "previous run", 10);

    assertThatThrownBy(() -> verdict.enforce(RegressionMode.FAIL)).as("perf.regression=fail")
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("label 'GET echo': p95 11 ms -> 16 ms")
        .hasMessageContaining("Mann-Whitney U one-sided p=")
        .hasMessageContaining("tolerance 10 %");
    assertThatCode(() -> verdict.enforce(RegressionMode.WARN)).as("perf.regression=warn")
        .doesNotThrowAnyException();
    assertThatCode(() -> verdict.enforce(RegressionMode.OFF)).as("perf.regression=off")
        .doesNotThrowAnyException();
  }

  @Test
  void shouldShowBothRunsSideBySideWhenRendered() {
    RunRecord before = Records.run(LABEL, 500, 0, 10, 11, 10, 12, 11, 10, 11, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 15, 16, 15, 17, 16, 15, 16, 15);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "previous run", 10);

    assertThat(verdict.markdown()).as("markdown table")
        .contains("| Label | Metric | Baseline | Current | Change | Noise test (windows) | "
            + "Previous runs (median ± 3σ) | Verdict |")
        .contains("| GET echo | p95 | 11 ms | 16 ms | 45.5 % worse | p=")
        .contains("#" + before.identity().build().orElseThrow().number());
    assertThat(verdict.html()).as("html table").contains("<tr class=\"REGRESSION\">")
        .contains("<td>11 ms</td><td>16 ms</td>");
  }

  @Test
  void shouldCallItNoiseWhenPreviousRunsVariedAsMuch() {
    RunRecord after = Records.run(LABEL, 500, 0, 15, 16, 15, 17, 16, 15, 16, 15);
    List<RunRecord> noisy = List.of(Records.run(LABEL, 500, 0, 16, 16, 16, 16, 16, 16),
        Records.run(LABEL, 500, 0, 9, 9, 9, 9, 9, 9), Records.run(LABEL, 500, 0, 17, 17, 17, 17),
        Records.run(LABEL, 500, 0, 11, 10, 11, 10, 11, 10, 11, 10));
    List<RunRecord> quiet = List.of(Records.run(LABEL, 500, 0, 10, 10, 10, 10, 10, 10),
        Records.run(LABEL, 500, 0, 11, 11, 11, 11, 11, 11), Records.run(LABEL, 500, 0, 10, 10,
            10, 10), Records.run(LABEL, 500, 0, 11, 10, 11, 10, 11, 10, 11, 10));

    MetricComparison afterNoisy = row(RegressionVerdict.compare(noisy.get(3), after, noisy, "x",
        10), RegressionMetric.P95);
    MetricComparison afterQuiet = row(RegressionVerdict.compare(quiet.get(3), after, quiet, "x",
        10), RegressionMetric.P95);
    assertThat(afterNoisy.status()).as("11 -> 16 ms after runs of 9..17 ms").isEqualTo(
        Status.NOISE);
    assertThat(afterNoisy.note()).as("why").contains("run-to-run spread");
    assertThat(afterQuiet.status()).as("11 -> 16 ms after runs of 10..11 ms").isEqualTo(
        Status.REGRESSION);
    assertThat(afterQuiet.spread()).as("spread column").contains("(4 runs)");
  }

  @Test
  void shouldMarkLabelsInconclusiveWhenOnlyOneRunHasThem() {
    RunRecord before = Records.run("old label", 500, 0, 10, 10, 10, 10, 10, 10);
    RunRecord after = Records.run(LABEL, 500, 0, 30, 30, 30, 30, 30, 30);
    RegressionVerdict verdict = RegressionVerdict.compare(before, after, "x", 10);

    assertThat(verdict.comparisons()).as("rows of a new and a vanished label").allSatisfy(c ->
        assertThat(c.status()).as(c.metric().title()).isEqualTo(Status.INCONCLUSIVE));
    assertThat(verdict.comparisons()).as("the vanished label is listed")
        .anyMatch(c -> c.label().equals("old label") && c.note().contains("not sampled"));
    assertThat(verdict.regressed()).as("verdict").isFalse();
  }
}
