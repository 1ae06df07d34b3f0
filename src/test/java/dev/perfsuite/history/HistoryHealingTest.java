package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.HistorySettings;
import dev.perfsuite.config.settings.RegressionMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collections;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged history never fails a run: bad records are skipped and named, the rest is read. */
class HistoryHealingTest {
  @TempDir
  Path dir;

  @Test
  void shouldSkipAndNameEachDamagedRecordWhenTheFileHasABadTail() throws Exception {
    HistoryStore store = storeOfTwoRuns();
    Path file = store.file("echo-test");
    int lines = Files.readAllLines(file).size();
    Files.write(file, new byte[] {'r', 'u', 'n', (byte) 0xFF, (byte) 0xFE, ',', 'x', '\n'},
        StandardOpenOption.APPEND);
    Files.writeString(file, "run-x,2026-11-01T03:00:00Z,echo-test,local\n"
        + String.join(",", Collections.nCopies(HistoryStore.COLUMNS.size() + 3, "1")) + "\n"
        + "run-y,2026-11-01T03:00:00Z,echo-test,local,smo", StandardOpenOption.APPEND);

    HistoryReading reading = store.reading("echo-test");

    assertThat(reading.runs()).as("the two whole runs").hasSize(2);
    assertThat(reading.skipped()).as("each damaged line named by file:line and why")
        .hasSize(4)
        .anySatisfy(n -> assertThat(n).startsWith(file + ":" + (lines + 1)).contains("UTF-8"))
        .anySatisfy(n -> assertThat(n).startsWith(file + ":" + (lines + 2))
            .contains("wrong column count"))
        .anySatisfy(n -> assertThat(n).startsWith(file + ":" + (lines + 3))
            .contains("newer history format"))
        .anySatisfy(n -> assertThat(n).startsWith(file + ":" + (lines + 4))
            .contains("unterminated"));
    store.append(Records.run("GET", 10, 0, 7, 7, 7));
    assertThat(store.runs("echo-test")).as("runs after the next append").hasSize(3);
  }

  @Test
  void shouldReadEveryWholeRunWhenAWriterStopsAtAnyByteOfAnAppend() throws Exception {
    HistoryStore store = storeOfTwoRuns();
    Path file = store.file("echo-test");
    byte[] whole = Files.readAllBytes(file);
    HistoryStore.at(dir.resolve("one")).append(Records.run("GET", 10, 0, 7, 7, 7));
    byte[] record = Files.readAllBytes(HistoryStore.at(dir.resolve("one")).file("echo-test"));
    int headerEnd = indexOf(record, (byte) '\n') + 1;
    for (int cut = headerEnd + 1; cut < record.length; cut += 13) {
      byte[] killed = Arrays.copyOf(whole, whole.length + cut - headerEnd);
      System.arraycopy(record, headerEnd, killed, whole.length, cut - headerEnd);
      Files.write(file, killed);

      assertThat(store.runs("echo-test")).as("runs with the third cut at byte %d", cut)
          .hasSize(2);
      store.append(Records.run("GET", 10, 0, 8, 8, 8));
      assertThat(store.runs("echo-test")).as("runs after the next append, cut %d", cut)
          .hasSize(3).allSatisfy(r -> assertThat(r.labels().get(0).decodedHistogram()
              .getTotalCount()).isEqualTo(30));
    }
  }

  @Test
  void shouldMoveAnUnreadableFileAsideAndStartANewOne() throws Exception {
    HistoryStore store = HistoryStore.at(dir);
    Path file = store.file("echo-test");
    Files.write(file, new byte[] {0x1f, (byte) 0x8b, 8, 0, '\n', 1, 2, 3, '\n'});

    HistoryReading reading = store.reading("echo-test");

    assertThat(reading.runs()).as("runs of a file that is not a history").isEmpty();
    assertThat(reading.skipped()).as("what happened to it").singleElement().asString()
        .contains("moved aside to").contains(".unreadable-").contains("Fix:");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("the damaged file kept beside the store")
          .singleElement().asString().startsWith("echo-test.csv.unreadable-");
    }
    store.append(Records.run("GET", 10, 0, 5, 5, 5));
    assertThat(store.runs("echo-test")).as("runs of the new file").hasSize(1);
  }

  @Test
  void shouldSayHowManyEarlierRunsWereComparedAndWhatWasSkipped() throws Exception {
    HistoryStore store = HistoryStore.at(dir);
    RunHistory history = RunHistory.of(new HistorySettings(dir, RegressionMode.WARN, 10,
        Optional.empty(), 20, false), time -> Records.identity("local", "smoke"));
    Recording.recorded(history, RunHistoryResults.result(dir.resolve("run")));
    Recording.recorded(history, RunHistoryResults.result(dir.resolve("run")));
    Files.writeString(store.file("echo-test"), "half,a,line", StandardOpenOption.APPEND);

    RegressionVerdict verdict = Recording.recorded(history, RunHistoryResults.result(
        dir.resolve("run"))).verdict();

    assertThat(verdict.headline()).as("the verdict's headline")
        .contains("compared with 2 earlier runs")
        .contains("1 damaged history record skipped, first " + store.file("echo-test") + ":");
  }

  @Test
  void shouldKeepAHistoryWhoseHeaderHasAByteThatIsNotUtf8AndJudgeAgainstIt() throws Exception {
    HistoryStore store = HistoryStore.at(dir);
    RunHistory history = RunHistory.of(new HistorySettings(dir, RegressionMode.FAIL, 10,
        Optional.empty(), 20, false), time -> Records.identity("local", "smoke"));
    Recording.recorded(history, RunHistoryResults.result(dir.resolve("run")));
    Recording.recorded(history, RunHistoryResults.result(dir.resolve("run")));
    byte[] bytes = Files.readAllBytes(store.file("echo-test"));
    bytes[1] = (byte) 0xff;  // "run,time,..." -> "r\xffn,time,...": one bad byte in the header
    Files.write(store.file("echo-test"), bytes);

    RegressionVerdict verdict = Recording.recorded(history, RunHistoryResults.result(
        dir.resolve("run"))).verdict();

    assertThat(verdict.baseline()).as("a baseline from the kept history").isPresent();
    assertThat(verdict.headline()).as("not a first run under perf.regression=fail")
        .doesNotContain("first complete run").contains("compared with 2 earlier runs")
        .contains("the header has bytes that are not UTF-8 text");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("nothing moved aside").noneMatch(n -> n.contains(".unreadable-"));
    }
  }

  @Test
  void shouldKeepTheVerdictWhenItsFilesCannotBeWrittenBesideTheRun() throws Exception {
    RunHistory history = RunHistory.of(new HistorySettings(dir.resolve("h"), RegressionMode.WARN,
        10, Optional.empty(), 20, false), time -> Records.identity("local", "smoke"));
    Path unwritable = Files.writeString(dir.resolve("full"), "x").resolve("run");

    HistoryOutcome outcome = Recording.recorded(history, RunHistoryResults.result(unwritable));

    assertThat(outcome.verdict().headline()).as("the verdict of a run whose folder is lost")
        .contains("no regression verdict");
    assertThat(outcome.trendPng()).as("the trend chart that could not be written").isEmpty();
    assertThat(HistoryStore.at(dir.resolve("h")).runs("echo-test")).as("the run recorded")
        .hasSize(1);
  }

  private HistoryStore storeOfTwoRuns() {
    HistoryStore store = HistoryStore.at(dir);
    store.append(Records.run("GET", 10, 0, 5, 5, 5));
    store.append(Records.run("GET", 10, 0, 6, 6, 6));
    return store;
  }

  private static int indexOf(byte[] bytes, byte b) {
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
