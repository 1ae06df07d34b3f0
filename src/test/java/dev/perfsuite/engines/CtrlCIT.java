package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C (SIGINT) in the middle of a run still leaves the JTL and a summary marked interrupted. */
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
    String facts = Files.readString(run.resolve(ResultFiles.RUN_PROPERTIES));
    assertThat(facts).as("run facts written by the shutdown hook").contains("interrupted=true");
    assertThat(run.resolve(ResultFiles.SUMMARY_CSV)).as("summary written").exists();
    long summarised = Files.readAllLines(run.resolve(ResultFiles.SUMMARY_CSV)).stream()
        .filter(l -> l.startsWith("TOTAL,measurement,"))
        .mapToLong(l -> Long.parseLong(l.split(",")[2]))
        .findFirst().orElseThrow();
    assertThat(summarised).as("samples in the summary").isPositive();
    assertThat(JtlSamples.read(run).rows().size()).as("JTL rows kept, at least those summarised")
        .isGreaterThanOrEqualTo((int) summarised);
  }

  private static String read(Path log) throws Exception {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }
}
