package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.SummaryCsv;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * A {@link LongRunFixture} run in a child JVM, stopped from outside by a signal, and the checks
 * its results must pass: run facts marked interrupted, and a summary that agrees exactly with the
 * JTL, per label and phase.
 *
 * <p>The child starts the way a hostile parent leaves it (SIGINT and SIGTERM ignored, as a
 * script's {@code &}, {@code nohup} or some CI agents do) and a wrapper resets both to their
 * default before the JVM starts: a JVM that inherits an ignored SIGINT never installs its own
 * handler, so Ctrl-C could not reach it whatever the suite does.
 */
final class SignalledRun {
  private static final Duration STARTED_WITHIN = Duration.ofSeconds(60);
  private static final Duration EXITED_WITHIN = Duration.ofSeconds(60);

  private SignalledRun() {
  }

  /** Starts the long run, waits for samples, sends {@code signal} and checks what is left. */
  static void shouldWriteResultsSoFarOn(String signal, Path results) throws Exception {
    Path log = results.resolve("child.log");
    List<String> command = new ArrayList<>(List.of("sh", "-c",
        "trap '' INT TERM; exec \"$@\"", "hostile-parent"));
    command.addAll(defaultSignals());
    command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "-Dperf.results-dir=" + results,
        ScenarioLauncher.class.getName(), LongRunFixture.class.getName()));
    Process child = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    try {
      check(signal, results, log, child);
    } finally {
      child.destroyForcibly();
    }
  }

  private static void check(String signal, Path results, Path log, Process child)
      throws Exception {
    Path run = results.resolve("ctrl-c");
    Path jtl = run.resolve("results.jtl");
    awaitSampling(jtl, log, STARTED_WITHIN);

    // The JVM runs in the wrapper's process (exec), so its pid is the child's.
    new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start().waitFor();
    boolean exited = child.waitFor(EXITED_WITHIN.toSeconds(), TimeUnit.SECONDS);

    assertThat(exited).as("the JVM exits on SIG%s: %s", signal, read(log)).isTrue();
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

  /**
   * Waits until the child's JTL holds 2000 bytes (its run is sampling) and returns its size; on
   * timeout the failure quotes the child's log.
   */
  static long awaitSampling(Path jtl, Path log, Duration within) throws IOException {
    await().atMost(within).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
        assertThat(jtlBytes(jtl)).as("JTL bytes of a sampling run; the child's log: %s",
            read(log)).isGreaterThanOrEqualTo(2000));
    return jtlBytes(jtl);
  }

  /** The JTL's size in bytes, 0 before it exists. */
  static long jtlBytes(Path jtl) throws IOException {
    return Files.exists(jtl) ? Files.size(jtl) : 0;
  }

  /**
   * A command prefix that resets SIGINT and SIGTERM to their default and execs the rest:
   * coreutils' {@code env --default-signal} (8.31 and later), else Perl (Debian's perl-base is
   * essential). A shell cannot do it: POSIX shells keep signals ignored on entry ignored.
   */
  static List<String> defaultSignals() throws IOException, InterruptedException {
    Process probe = new ProcessBuilder("env", "--default-signal=INT,TERM", "true")
        .redirectErrorStream(true).start();
    probe.getInputStream().readAllBytes();
    if (probe.waitFor() == 0) {
      return List.of("env", "--default-signal=INT,TERM");
    }
    return List.of("perl", "-e", "$SIG{INT} = $SIG{TERM} = 'DEFAULT'; exec @ARGV or die $!");
  }

  private static String read(Path log) throws IOException {
    return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
  }
}
