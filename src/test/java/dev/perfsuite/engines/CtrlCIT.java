package dev.perfsuite.engines;

import dev.perfsuite.results.ResultDirectory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.SummaryCsv;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) in the middle of a run still leaves the JTL and a summary marked interrupted,
 * and the two agree exactly: every JTL row is in the summary, per label and phase.
 */
class CtrlCIT {
  @TempDir
  Path results;

  @Test
  void shouldWriteResultsSoFarWhenTheJvmIsInterrupted() throws Exception {
    Path log = results.resolve("child.log");
    Process child = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dperf.results-dir=" + results,
        ScenarioLauncher.class.getName(), LongRunFixture.class.getName()))
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Path run = results.resolve("ctrl-c");
    Path jtl = run.resolve("results.jtl");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while ((!Files.exists(jtl) || Files.size(jtl) < 2000) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertThat(Files.exists(jtl)).as("the run started sampling: %s", read(log)).isTrue();

    new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).start().waitFor();
    boolean exited = child.waitFor(60, TimeUnit.SECONDS);
    if (!exited) {
      child.destroyForcibly();
    }

    assertThat(exited).as("the JVM exits on Ctrl-C").isTrue();
    String facts = Files.readString(run.resolve(ResultDirectory.RUN_PROPERTIES));
    assertThat(facts).as("run facts written by the shutdown hook").contains("interrupted=true");
    assertThat(run.resolve(ResultDirectory.SUMMARY_CSV)).as("summary written").exists();
    SummaryCsv summary = SummaryCsv.read(run);
    JtlSamples samples = JtlSamples.read(run);
    long summarised = 0;
    for (Phase phase : Phase.values()) {
      if (summary.has(LabelSummary.OVERALL, phase)) {
        summarised += summary.count(LabelSummary.OVERALL, phase, "# Samples");
      }
    }
    assertThat(summarised).as("samples in the summary").isPositive();
    assertThat(samples.rows()).as("every JTL row summarised, no more, no less")
        .hasSize((int) summarised);
    Set<String> labels = new TreeSet<>();
    samples.rows().forEach(row -> labels.add(row.label()));
    labels.add(LabelSummary.OVERALL);
    for (String label : labels) {
      for (Phase phase : Phase.values()) {
        List<JtlSamples.Row> rows = samples.rows(label, phase);
        long counted = summary.has(label, phase) ? summary.count(label, phase, "# Samples") : 0;
        long errors = summary.has(label, phase) ? summary.count(label, phase, "Error Count") : 0;
        assertThat(counted).as("%s/%s: summary samples = JTL rows", label, phase)
            .isEqualTo(rows.size());
        assertThat(errors).as("%s/%s: summary errors = failed JTL rows", label, phase)
            .isEqualTo(rows.stream().filter(r -> !r.success()).count());
      }
    }
  }

  private static String read(Path log) throws Exception {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }
}
