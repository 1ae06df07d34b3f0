package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.perfsuite.recovery.SummaryRebuild;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SummaryCsv;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller killed with SIGKILL mid-run (no shutdown hook runs) leaves a readable JTL up to
 * about its last second, and {@link SummaryRebuild} turns it into the summary files, marked
 * interrupted, counting exactly the JTL's complete rows.
 */
class ControllerCrashIT {
  @TempDir
  Path results;

  @Test
  void shouldRebuildTheSummaryFromTheJtlAKilledControllerLeft() throws Exception {
    Path log = results.resolve("child.log");
    Process child = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dperf.results-dir=" + results,
        ScenarioLauncher.class.getName(), LongRunFixture.class.getName()))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Path run = results.resolve("ctrl-c");
    Path jtl = run.resolve(ResultDirectory.JTL);
    long killedAt;
    try {
      long sampling = SignalledRun.awaitSampling(jtl, log, Duration.ofSeconds(60));
      // Killed mid-run, after the JTL writer's next flush: the JTL keeps growing until the kill.
      await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
          .until(() -> SignalledRun.jtlBytes(jtl) > sampling);
      killedAt = System.currentTimeMillis();
      child.destroyForcibly();
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("killed").isTrue();
    } finally {
      child.destroyForcibly();
    }
    assertThat(run.resolve(ResultDirectory.SUMMARY_CSV)).as("no hook ran: no summary yet")
        .doesNotExist();

    String text = Files.readString(jtl, StandardCharsets.UTF_8);
    List<String> complete = Arrays.asList(text.substring(0, text.lastIndexOf('\n'))
        .split("\n"));
    long rows = complete.size() - 1;
    long lastStart = complete.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[0]))
        .max().orElseThrow();
    RunResult rebuilt = SummaryRebuild.rebuild(run, Duration.ZERO);

    assertThat(rows).as("complete JTL rows").isPositive();
    assertThat(killedAt - lastStart).as("ms between the last JTL sample and the kill")
        .isLessThanOrEqualTo(3000);
    assertThat(rebuilt.interrupted()).as("marked interrupted").isTrue();
    assertThat(rebuilt.overall(Phase.MEASUREMENT).samples()).as("every complete row counted")
        .isEqualTo(rows);
    SummaryCsv summary = SummaryCsv.read(run);
    assertThat(summary.count(LabelSummary.OVERALL, Phase.MEASUREMENT, "# Samples"))
        .as("summary.csv").isEqualTo(rows);
    assertThat(summary.count("GET echo", Phase.MEASUREMENT, "# Samples")).as("per label")
        .isEqualTo(rows);
    assertThat(Files.readString(run.resolve(ResultDirectory.SUMMARY_MD))).as("summary.md")
        .contains("rebuilt from");
    assertThat(Files.readString(run.resolve(ResultDirectory.RUN_PROPERTIES)))
        .as("run.properties").contains("interrupted=true");
  }
}
