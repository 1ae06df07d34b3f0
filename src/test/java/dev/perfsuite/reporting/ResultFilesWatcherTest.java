package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary files and console table come from a watcher the run's builder registers. */
class ResultFilesWatcherTest {
  private static final long ORIGIN = 1_700_000_000_000L;

  @TempDir
  Path dir;

  @Test
  void shouldWriteSummaryFilesWithTheRunsPhaseOriginWhenTheRunEnds() throws Exception {
    RunWatcher watcher = ResultFiles.watcher();
    RunContext context = new RunContext("watched", "run-1", Profiles.smoke(), dir, 1);

    String console = consoleOf(() -> watcher.runEnded(context, result()));

    assertThat(dir.resolve(ResultDirectory.SUMMARY_CSV)).as("summary.csv").exists();
    assertThat(dir.resolve(ResultDirectory.SUMMARY_MD)).as("summary.md").exists();
    assertThat(Files.readString(dir.resolve(ResultDirectory.RUN_PROPERTIES)))
        .as("run.properties keeps the phase origin the result carries")
        .contains("originMillis=" + ORIGIN).contains("scenario=watched")
        .containsPattern("suiteClientTransport=(epoll|nio)\n");
    assertThat(console).as("console table ends with the Results line CI reads")
        .contains("watched: measurement phase")
        .contains("Results: " + dir.toAbsolutePath());
  }

  @Test
  void shouldKeepTheOriginWhenTheSameRunEndsTwice() throws Exception {
    RunWatcher watcher = ResultFiles.watcher();
    RunContext context = new RunContext("watched", "run-2", Profiles.smoke(), dir, 1);

    consoleOf(() -> watcher.runEnded(context, result()));
    consoleOf(() -> watcher.runEnded(context, result()));

    assertThat(Files.readString(dir.resolve(ResultDirectory.RUN_PROPERTIES)))
        .as("a Ctrl-C ends a run from the hook and the worker: the origin survives both")
        .contains("originMillis=" + ORIGIN);
  }

  @Test
  void shouldWriteMinusOneAsTheOriginOfATestThatNeverStarted() throws Exception {
    RunWatcher watcher = ResultFiles.watcher();
    RunContext context = new RunContext("watched", "run-3", Profiles.smoke(), dir, 1);
    RunResult neverStarted = new RunResult("watched", 2, Duration.ZERO, Duration.ofSeconds(1),
        result().summaries(), List.of(), dir, Optional.empty());

    consoleOf(() -> watcher.runEnded(context, neverStarted));

    assertThat(Files.readString(dir.resolve(ResultDirectory.RUN_PROPERTIES)))
        .as("no origin: -1, as the recorder keeps it").contains("originMillis=-1");
  }

  private RunResult result() {
    LatencyStats latency = new LatencyStats(1, 40, 12, 5, 10, 15, 20, 25, 30, 35, 40);
    List<LabelSummary> summaries = List.of(
        summary(LabelSummary.OVERALL, Phase.WARM_UP, latency),
        summary(LabelSummary.OVERALL, Phase.MEASUREMENT, latency),
        summary("GET echo", Phase.MEASUREMENT, latency));
    return new RunResult("watched", 2, Duration.ZERO, Duration.ofSeconds(1), summaries,
        List.of(), dir, Optional.empty()).measuredFrom(Instant.ofEpochMilli(ORIGIN));
  }

  private static LabelSummary summary(String label, Phase phase, LatencyStats latency) {
    return new LabelSummary(label, phase, 100, 0, latency, 50, 0.6, 0.6, ORIGIN, ORIGIN + 2000,
        Map.of(), Map.of());
  }

  private static String consoleOf(Runnable action) {
    PrintStream before = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(before);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
