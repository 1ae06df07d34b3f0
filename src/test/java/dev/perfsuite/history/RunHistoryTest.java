package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.HistorySettings;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Baseline choice and outputs of {@link RunHistory}, on hand-built results (no load). */
class RunHistoryTest {
  private static final String LABEL = "GET echo";

  @TempDir
  Path dir;

  private String profile = "load";
  private String selection = RunIdentity.CATALOGUE;
  private String shape = CLOSED_20;
  private int runs;
  private static final String CLOSED_20 = "closed 20 users, think 0s, 36m, 1 engine";
  private static final String OPEN_200 = "open 200 req/s, think 0s, 40s, 1 engine";

  private RunHistory history(RegressionMode mode, Optional<Path> baseline) {
    return history(dir.resolve("history"), mode, baseline);
  }

  private RunHistory history(Path store, RegressionMode mode, Optional<Path> baseline) {
    return history(store, mode, baseline, false);
  }

  private RunHistory history(Path store, RegressionMode mode, Optional<Path> baseline,
      boolean anySelection) {
    return RunHistory.of(new HistorySettings(store, mode, 10, baseline, 20, anySelection),
        time -> new RunIdentity("run-" + ++runs, time, "abc", "local", profile, "embedded",
            Optional.empty(), selection, shape));
  }

  private RunResult result(long p95, boolean interrupted) {
    return RunHistoryResults.result("echo-history", dir.resolve("results").resolve("echo-history"),
        p95, interrupted);
  }

  @Test
  void shouldCompareWithThePreviousCompleteRunOnTheSameTargetAndProfile() throws Exception {
    RunHistory history = history(RegressionMode.WARN, Optional.empty());
    HistoryOutcome first = Recording.recorded(history, result(10, false));
    Recording.recorded(history, result(10, true));
    profile = "smoke";
    Recording.recorded(history, result(10, false));
    profile = "load";
    HistoryOutcome last = Recording.recorded(history, result(20, false));

    assertThat(first.verdict().baseline()).as("first run has no baseline").isEmpty();
    assertThat(first.verdict().source()).as("why").contains("first complete run");
    assertThat(last.verdict().baseline()).as("baseline skips interrupted and smoke runs")
        .contains(first.run().identity());
    assertThat(last.verdict().regressed()).as("10 -> 20 ms in every window").isTrue();
    assertThat(history.store().runs("echo-history")).as("every run recorded").hasSize(4);
    assertThat(Files.readString(last.verdictMarkdown())).as("regression.md").contains("REGRESSION");
    assertThat(Files.readString(last.verdictHtml())).as("regression.html").contains("<table>");
    assertThat(last.trendPng()).as("trend.png").startsWith(0x89, 'P', 'N', 'G');
  }

  @Test
  void shouldCompareWithThePinnedFileWhenABaselineIsSet() throws Exception {
    RunHistory recording = history(RegressionMode.WARN, Optional.empty());
    Recording.recorded(recording, result(10, false));
    HistoryOutcome pinnedRun = Recording.recorded(recording, result(30, false));
    Path pinned = Files.copy(recording.store().file("echo-history"), dir.resolve("pinned.csv"));

    RunHistory pinnedHistory = history(dir.resolve("other"), RegressionMode.WARN,
        Optional.of(pinned));
    Recording.recorded(pinnedHistory, result(10, false));
    HistoryOutcome outcome = Recording.recorded(pinnedHistory, result(30, false));
    assertThat(outcome.verdict().source()).as("source").startsWith("pinned baseline");
    assertThat(outcome.verdict().baseline()).as("the last run in the pinned file, not the "
        + "previous run").contains(pinnedRun.run().identity());
    assertThat(outcome.verdict().regressed()).as("30 -> 30 ms").isFalse();
  }

  @Test
  void shouldNameALoadShapeMismatchInsteadOfJudgingIt() throws Exception {
    RunHistory history = history(RegressionMode.FAIL, Optional.empty());
    Recording.recorded(history, result(10, false));
    shape = OPEN_200;
    HistoryOutcome open = Recording.recorded(history, result(60, false));

    assertThat(open.verdict().baseline()).as("no baseline across load shapes").isEmpty();
    assertThat(open.verdict().comparisons()).as("nothing judged").isEmpty();
    assertThat(open.verdict().regressed()).as("10 -> 60 ms is not a regression here").isFalse();
    assertThat(open.verdict().source()).as("the mismatch, named")
        .contains("load shape mismatch", OPEN_200, CLOSED_20);
    assertThat(Files.readString(open.verdictMarkdown())).as("regression.md")
        .contains("load shape mismatch");
  }

  @Test
  void shouldCompareWithTheLastRunOfTheSameLoadShapeSkippingOthers() {
    RunHistory history = history(RegressionMode.WARN, Optional.empty());
    HistoryOutcome closed = Recording.recorded(history, result(10, false));
    shape = OPEN_200;
    HistoryOutcome open = Recording.recorded(history, result(60, false));
    HistoryOutcome openAgain = Recording.recorded(history, result(60, false));
    shape = CLOSED_20;
    HistoryOutcome closedAgain = Recording.recorded(history, result(10, false));

    assertThat(openAgain.verdict().baseline()).as("open run compared with the open run")
        .contains(open.run().identity());
    assertThat(closedAgain.verdict().baseline()).as("closed run compared with the closed run")
        .contains(closed.run().identity());
    assertThat(closedAgain.verdict().regressed()).as("10 -> 10 ms").isFalse();
    assertThat(closedAgain.verdict().source()).as("source names the shape").contains(CLOSED_20);
  }

  @Test
  void shouldNotCompareARunOfAKnownShapeWithARowRecordedBeforeShapes() {
    shape = LoadShape.UNKNOWN;
    RunHistory history = history(RegressionMode.WARN, Optional.empty());
    Recording.recorded(history, result(10, false));
    shape = CLOSED_20;
    HistoryOutcome now = Recording.recorded(history, result(10, false));

    assertThat(now.verdict().baseline()).as("old row of unknown shape").isEmpty();
    assertThat(now.verdict().source()).as("named").contains("load shape not recorded");
  }

  @Test
  void shouldJudgeAgainstAPinnedBaselineOfAnotherShapeNamingIt() throws Exception {
    RunHistory recording = history(RegressionMode.WARN, Optional.empty());
    HistoryOutcome closed = Recording.recorded(recording, result(10, false));
    Path pinned = Files.copy(recording.store().file("echo-history"), dir.resolve("pinned.csv"));
    shape = OPEN_200;
    RunHistory other = history(dir.resolve("other"), RegressionMode.WARN, Optional.of(pinned));
    HistoryOutcome outcome = Recording.recorded(other, result(30, false));

    assertThat(outcome.verdict().baseline()).as("pinned wins over the shape rule")
        .contains(closed.run().identity());
    assertThat(outcome.verdict().source()).as("the mismatch, named")
        .contains("another load shape (" + CLOSED_20 + ")");
    assertThat(outcome.verdict().regressed()).as("10 -> 30 ms judged").isTrue();
  }

  @Test
  void shouldRecordWithoutComparingWhenRegressionIsOff() {
    RunHistory history = history(RegressionMode.OFF, Optional.empty());
    Recording.recorded(history, result(10, false));
    HistoryOutcome second = Recording.recorded(history, result(50, false));

    assertThat(second.verdict().comparisons()).as("no comparison").isEmpty();
    assertThat(second.verdict().source()).as("why").isEqualTo("perf.regression=off");
    assertThat(history.store().runs("echo-history")).as("still recorded").hasSize(2);
  }

  @Test
  void shouldJudgeAgainstTheSpreadOfThreePreviousRunsWhenTheHistoryHasThem() {
    RunHistory noisy = history(dir.resolve("noisy"), RegressionMode.WARN, Optional.empty());
    for (long p95 : new long[] {10, 20, 12}) {
      Recording.recorded(noisy, result(p95, false));
    }
    MetricComparison afterNoisy = p95(Recording.recorded(noisy, result(20, false)));
    RunHistory quiet = history(dir.resolve("quiet"), RegressionMode.WARN, Optional.empty());
    for (long p95 : new long[] {12, 12, 12}) {
      Recording.recorded(quiet, result(p95, false));
    }
    MetricComparison afterQuiet = p95(Recording.recorded(quiet, result(20, false)));

    assertThat(afterNoisy.spread()).as("spread of the 3 previous runs").contains("(3 runs)");
    assertThat(afterNoisy.status()).as("12 -> 20 ms after runs of 10, 20, 12 ms (median 12, "
        + "3 sigma 8.9 ms)").isEqualTo(MetricComparison.Status.NOISE);
    assertThat(afterNoisy.note()).as("why").contains("run-to-run spread");
    assertThat(afterQuiet.spread()).as("spread of the 3 previous runs").contains("(3 runs)");
    assertThat(afterQuiet.status()).as("12 -> 20 ms after runs of 12, 12, 12 ms")
        .isEqualTo(MetricComparison.Status.REGRESSION);
  }

  @Test
  void shouldCompareAClassRunAloneOnlyWithRunsOfThatClassAlone() {
    RunHistory history = history(RegressionMode.WARN, Optional.empty());
    HistoryOutcome catalogue = Recording.recorded(history, result(10, false));
    selection = "class:ChannelReadIT";
    HistoryOutcome alone = Recording.recorded(history, result(40, false));
    HistoryOutcome aloneAgain = Recording.recorded(history, result(40, false));
    selection = RunIdentity.CATALOGUE;
    HistoryOutcome catalogueAgain = Recording.recorded(history, result(10, false));

    assertThat(alone.verdict().baseline()).as("first run of the class alone: no baseline")
        .isEmpty();
    assertThat(alone.verdict().source()).as("why").contains("selection class:ChannelReadIT");
    assertThat(aloneAgain.verdict().baseline()).as("baseline of the class alone")
        .contains(alone.run().identity());
    assertThat(catalogueAgain.verdict().baseline()).as("baseline of the catalogue run")
        .contains(catalogue.run().identity());
    assertThat(history.store().runs("echo-history")).as("selection kept in the history file")
        .extracting(r -> r.identity().selection()).containsExactly(RunIdentity.CATALOGUE,
            "class:ChannelReadIT", "class:ChannelReadIT", RunIdentity.CATALOGUE);

    RunHistory any = history(dir.resolve("history"), RegressionMode.WARN, Optional.empty(), true);
    selection = "class:ChannelReadIT";
    HistoryOutcome acrossSelections = Recording.recorded(any, result(40, false));
    assertThat(acrossSelections.verdict().baseline()).as("perf.baseline.selection=any")
        .contains(catalogueAgain.run().identity());
  }

  private static MetricComparison p95(HistoryOutcome outcome) {
    return outcome.verdict().comparisons().stream()
        .filter(c -> c.label().equals(LabelSummary.OVERALL) && c.metric() == RegressionMetric.P95)
        .findFirst().orElseThrow();
  }
}
