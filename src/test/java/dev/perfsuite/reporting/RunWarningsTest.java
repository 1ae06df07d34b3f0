package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.diagnostics.ConsoleCapture;
import dev.perfsuite.diagnostics.LogLevel;
import dev.perfsuite.diagnostics.SuiteLogging;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A run's warnings reach the console through the suite's logger, as every warning does, so
 * {@code perf.log} governs them; run.properties and summary.md keep them whatever the level.
 * Levels are per JVM: this class runs alone and restores the tests' configuration after each.
 */
@Isolated
@ExtendWith(ConsoleCapture.class)
class RunWarningsTest {
  private static final String WARNING = "generator behind schedule: 12 of 8000 requests late";

  @TempDir
  Path dir;

  @Test
  void shouldShowARunsWarningsOnTheConsoleAfterItsTable() {
    String console = ConsoleCapture.of(() -> ResultFiles.show(result()));

    assertThat(console).as("the table, then the warning as the tests' logging prints warnings")
        .contains("Results: " + dir.toAbsolutePath())
        .contains("WARNING: " + WARNING);
    assertThat(console.indexOf("WARNING: " + WARNING)).as("warning after the table")
        .isGreaterThan(console.indexOf("Results: "));
  }

  @Test
  void shouldHideARunsWarningsFromTheConsoleUnderPerfLogError() throws Exception {
    SuiteLogging.set(LogLevel.ERROR);
    RunResult result = result();
    ResultFiles.write(result);

    String console = ConsoleCapture.of(() -> ResultFiles.show(result));

    assertThat(console).as("perf.log=error: the table stays, the warning goes")
        .contains("Results: ").doesNotContain(WARNING);
    assertThat(Files.readString(dir.resolve(ResultDirectory.RUN_PROPERTIES)))
        .as("run.properties records the warning whatever the level").contains(WARNING);
    assertThat(Files.readString(dir.resolve(ResultDirectory.SUMMARY_MD)))
        .as("summary.md shows it too").contains(WARNING);
  }

  private RunResult result() {
    LatencyStats latency = new LatencyStats(1, 40, 12, 5, 10, 15, 20, 25, 30, 35, 40);
    List<LabelSummary> summaries = List.of(
        new LabelSummary(LabelSummary.OVERALL, Phase.WARM_UP, 0, 0, latency, 0, 0, 0, 0L, 0L,
            Map.of(), Map.of()),
        new LabelSummary(LabelSummary.OVERALL, Phase.MEASUREMENT, 100, 0, latency, 50, 0.6,
            0.6, 0L, 2000L, Map.of(), Map.of()));
    return new RunResult("warned", 2, Duration.ZERO, Duration.ZERO, summaries, List.of(WARNING),
        dir, Optional.empty());
  }
}
