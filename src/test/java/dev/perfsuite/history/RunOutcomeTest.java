package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.HistorySettings;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history row carries its run's outcome; only runs that passed, or that carry no outcome
 * (written before the column existed), become a baseline.
 */
class RunOutcomeTest {
  @TempDir
  Path dir;

  private int runs;

  @Test
  void shouldReadTheOutcomeBackWhenARunIsAppendedWithOne() {
    HistoryStore store = HistoryStore.at(dir);
    store.append(Records.run(LabelSummary.OVERALL, 10, 0, 5, 5, 5).withOutcome("failed"));
    store.append(Records.run(LabelSummary.OVERALL, 10, 0, 5, 5, 5).withOutcome("not-judged"));
    store.append(Records.run(LabelSummary.OVERALL, 10, 0, 5, 5, 5).withOutcome(RunRecord.PASSED));
    store.append(Records.run(LabelSummary.OVERALL, 10, 0, 5, 5, 5));

    assertThat(store.runs("echo-test")).as("outcomes read back, in order")
        .extracting(RunRecord::outcome).containsExactly(Optional.of("failed"),
            Optional.of("not-judged"), Optional.of("passed"), Optional.empty());
    assertThat(store.runs("echo-test")).as("which runs may be a baseline")
        .extracting(RunRecord::usableAsBaseline).containsExactly(false, false, true, true);
  }

  @Test
  void shouldReadAHistoryWrittenBeforeTheOutcomeColumnAsRunsWithoutOutcome() throws Exception {
    HistoryStore store = HistoryStore.at(dir);
    RunRecord old = Records.run(LabelSummary.OVERALL, 10, 0, 5, 5, 5);
    store.append(old);
    Path file = store.file("echo-test");
    // What the version before the column wrote: the same columns, the last one (outcome) absent.
    String before = Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .map(line -> line.substring(0, line.lastIndexOf(',')))
        .collect(Collectors.joining("\n", "", "\n"));
    assertThat(before).as("old header").startsWith(String.join(",",
        HistoryStore.COLUMNS.subList(0, HistoryStore.COLUMNS.size() - 1)) + "\n");
    Files.writeString(file, before, StandardCharsets.UTF_8);
    store.append(Records.run(LabelSummary.OVERALL, 10, 0, 6, 6, 6).withOutcome("failed"));

    HistoryReading reading = store.reading("echo-test");
    assertThat(reading.skipped()).as("nothing skipped in an old file grown by a new row")
        .isEmpty();
    assertThat(reading.runs()).as("the old row has no outcome, the new one its own")
        .extracting(RunRecord::outcome).containsExactly(Optional.empty(), Optional.of("failed"));
    assertThat(reading.runs().get(0).identity()).as("the old row's identity")
        .isEqualTo(old.identity());
    assertThat(reading.runs().get(0).usableAsBaseline()).as("an old row is still a baseline")
        .isTrue();
  }

  @Test
  void shouldNeverTakeARunThatFailedOrWasNotJudgedAsTheBaseline() {
    RunHistory history = history();
    HistoryOutcome passed = history.compare(result(10));
    history.keep(passed.run(), RunRecord.PASSED);
    HistoryOutcome failed = history.compare(result(50));
    history.keep(failed.run(), "failed");
    HistoryOutcome unjudged = history.compare(result(50));
    history.keep(unjudged.run(), "not-judged");

    HistoryOutcome now = history.compare(result(50));

    assertThat(now.verdict().baseline()).as("the last run that passed is the baseline")
        .contains(passed.run().identity());
    assertThat(now.verdict().regressed()).as("50 ms against the passed run's 10 ms").isTrue();
    assertThat(history.store().runs("echo-outcome")).as("every run is kept, with its outcome")
        .extracting(r -> r.outcome().orElse("")).containsExactly("passed", "failed",
            "not-judged");
  }

  @Test
  void shouldCompareWithNothingWhenNoEarlierRunPassed() {
    RunHistory history = history();
    HistoryOutcome failed = history.compare(result(10));
    history.keep(failed.run(), "failed");

    HistoryOutcome now = history.compare(result(10));

    assertThat(now.verdict().baseline()).as("a failed run is no baseline").isEmpty();
    assertThat(now.verdict().source()).as("said as a first complete run")
        .contains("first complete run");
  }

  @Test
  void shouldKeepTheVerdictWhenTheHistoryCannotTakeTheRow() throws Exception {
    RunHistory history = history();
    HistoryOutcome run = history.compare(result(10));
    // A folder where the history file goes: the append fails as on a full or read-only disk
    // (permissions would not stop root, who runs CI).
    Files.createDirectories(history.store().file("echo-outcome"));

    history.keep(run.run(), RunRecord.PASSED);

    assertThat(run.verdict().regressed()).as("the run's verdict stands").isFalse();
    assertThat(Files.isDirectory(history.store().file("echo-outcome")))
        .as("nothing written in place of the history file").isTrue();
  }

  private RunHistory history() {
    return RunHistory.of(new HistorySettings(dir.resolve("history"), RegressionMode.FAIL, 10,
        Optional.empty(), 20, false), time -> new RunIdentity("run-" + ++runs, time, "abc",
        "local", "load", "embedded", Optional.empty(), RunIdentity.CATALOGUE,
        "closed 20 users, think 0s, 36m, 1 engine"));
  }

  private RunResult result(long p95) {
    return RunHistoryResults.result("echo-outcome", dir.resolve("results"), p95, false);
  }
}
