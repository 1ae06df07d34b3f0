package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs at once on one machine share the run history: appends from two JVMs to the same
 * scenario file never interleave, every run reads back whole.
 */
class HistoryAcrossProcessesIT {
  private static final int RUNS = 150;

  @TempDir
  Path dir;

  @Test
  void shouldKeepEveryRunWholeWhenTwoJvmsAppendAtOnce() throws Exception {
    List<Process> children = new ArrayList<>();
    for (String tag : List.of("a", "b")) {
      children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-cp", System.getProperty("java.class.path"),
          HistoryAppender.class.getName(), dir.toString(), tag, String.valueOf(RUNS))
          .inheritIO().start());
    }
    for (Process child : children) {
      assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("appender finished").isTrue();
      assertThat(child.exitValue()).as("appender exit").isZero();
    }

    List<RunRecord> runs = HistoryStore.at(dir).runs("echo-test");
    assertThat(runs).as("every run of both JVMs").hasSize(2 * RUNS);
    Map<String, Long> byJvm = runs.stream().collect(Collectors.groupingBy(
        r -> r.identity().runId().substring(0, 1), Collectors.counting()));
    assertThat(byJvm).as("runs per JVM").containsEntry("a", (long) RUNS)
        .containsEntry("b", (long) RUNS);
    assertThat(runs).as("each run whole: its one label, from its own JVM").allSatisfy(r -> {
      assertThat(r.labels()).hasSize(1);
      assertThat(r.labels().get(0).label()).endsWith(r.identity().runId().substring(0, 1));
      assertThat(r.labels().get(0).decodedHistogram().getTotalCount()).isEqualTo(400);
    });
  }

  @Test
  void shouldLeaveAReadableHistoryWhenAWriterIsKilledMidAppend() throws Exception {
    Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-cp", System.getProperty("java.class.path"),
        HistoryAppender.class.getName(), dir.toString(), "k", "1000000").inheritIO().start();
    Path file = HistoryStore.at(dir).file("echo-test");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while ((!Files.isRegularFile(file)
        || Files.size(file) < 200_000) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    child.destroyForcibly();
    assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("killed writer gone").isTrue();

    HistoryReading reading = HistoryStore.at(dir).reading("echo-test");
    assertThat(reading.runs()).as("runs written before the kill").hasSizeGreaterThan(10)
        .allSatisfy(r -> assertThat(r.labels().get(0).decodedHistogram().getTotalCount())
            .isEqualTo(400));
    assertThat(reading.skipped()).as("at most the half line the kill left").hasSizeLessThan(2);
    HistoryStore.at(dir).append(Records.run("GET", 100, 1, 5, 6, 7, 5));
    assertThat(HistoryStore.at(dir).runs("echo-test")).as("runs after the next append")
        .hasSize(reading.runs().size() + 1);
  }
}
