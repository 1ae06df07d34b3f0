package dev.perfsuite.verdict;

import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Writes a run's machine-readable verdict beside its summary. It writes {@value #VERDICT_JSON} and
 * {@value #THRESHOLDS_XML} in the run directory, and the same test cases as
 * {@code TEST-perf-<scenario>.xml} in {@code perf.junit.reports-dir} when set.
 *
 * <p>Written when the run ends and again after every SLA verdict, so the files always hold
 * everything judged so far (a test that fails on its first verdict still leaves them whole).
 */
public final class VerdictFiles {
  /** The verdict document in the run directory. */
  public static final String VERDICT_JSON = "verdict.json";
  /** The per-threshold JUnit XML in the run directory. */
  public static final String THRESHOLDS_XML = "thresholds.xml";

  private VerdictFiles() {
  }

  /**
   * Writes the files of {@code verdict}.
   *
   * @param reportsDir where CI's JUnit step reads test reports ({@code perf.junit.reports-dir}),
   *     empty for the run directory only
   */
  public static void write(RunVerdict verdict, Optional<Path> reportsDir) {
    Path dir = verdict.result().directory();
    String xml = Secrets.mask(ThresholdCases.xml(verdict));
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(VERDICT_JSON), Secrets.mask(VerdictJson.of(verdict)),
          StandardCharsets.UTF_8);
      Files.writeString(dir.resolve(THRESHOLDS_XML), xml, StandardCharsets.UTF_8);
      if (reportsDir.isPresent()) {
        Files.createDirectories(reportsDir.get());
        Files.writeString(reportsDir.get().resolve(reportName(verdict.result().scenario())), xml,
            StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the verdict of "
          + verdict.result().scenario() + " to " + dir, e);
    }
  }

  /** {@code TEST-perf-<scenario>.xml}, the scenario's characters outside [A-Za-z0-9._-] as _. */
  static String reportName(String scenario) {
    return "TEST-perf-" + scenario.replaceAll("[^A-Za-z0-9._-]", "_") + ".xml";
  }
}
