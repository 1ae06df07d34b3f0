package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryStoreTest {
  @TempDir
  Path dir;

  @Test
  void shouldReadBackEveryFieldWhenARunIsAppended() {
    HistoryStore store = HistoryStore.at(dir.resolve("h"));
    RunRecord run = Records.run("POST \"echo\", 1KiB", 100, 1, 5, 6, 7, 5);
    store.append(run);

    List<RunRecord> read = store.runs("echo-test");
    assertThat(read).as("runs read back").hasSize(1);
    RunRecord back = read.get(0);
    assertThat(back.identity()).as("identity incl. Jenkins build and load shape")
        .isEqualTo(run.identity());
    assertThat(back.window()).as("window").isEqualTo(run.window());
    LabelRecord label = back.labels().get(0);
    LabelRecord original = run.labels().get(0);
    assertThat(label.label()).as("label with comma and quotes").isEqualTo(original.label());
    assertThat(label.windows()).as("windows").isEqualTo(original.windows());
    assertThat(label.p95Millis()).as("p95").isEqualTo(original.p95Millis());
    assertThat(label.throughput()).as("throughput").isEqualTo(original.throughput());
    assertThat(label.decodedHistogram().getValueAtPercentile(95)).as("histogram p95")
        .isEqualTo(original.decodedHistogram().getValueAtPercentile(95));
    assertThat(label.decodedHistogram().getTotalCount()).as("histogram count").isEqualTo(400);
  }

  @Test
  void shouldKeepRunOrderAndScenariosApartWhenFilesAreConcatenated() throws Exception {
    HistoryStore store = HistoryStore.at(dir);
    RunRecord first = Records.run("GET", 10, 0, 5, 5, 5);
    RunRecord second = Records.run("GET", 10, 0, 6, 6, 6);
    store.append(first);
    store.append(second);
    Path other = dir.resolve("other");
    RunRecord elsewhere = new RunRecord("another", first.identity(), false, Optional.empty(),
        Records.WINDOW, first.labels());
    HistoryStore.at(other).append(elsewhere);
    Path pinned = dir.resolve("pinned.csv");
    Files.writeString(pinned, Files.readString(store.file("echo-test"))
        + Files.readString(HistoryStore.at(other).file("another")));

    assertThat(HistoryStore.read(pinned, "echo-test")).as("runs of echo-test in a pinned file")
        .extracting(r -> r.identity().runId())
        .containsExactly(first.identity().runId(), second.identity().runId());
    assertThat(HistoryStore.read(pinned, "another")).as("runs of another").hasSize(1);
  }

  @Test
  void shouldNameTheFixWhenTheBaselineIsNotAHistoryFile() throws Exception {
    Path wrong = Files.writeString(dir.resolve("results.jtl"), "timeStamp,elapsed\n1,2\n");
    assertThatThrownBy(() -> HistoryStore.read(wrong, "echo-test"))
        .as("a JTL as baseline").hasMessageContaining("not a run history file")
        .hasMessageContaining("perf.baseline");
  }
}
