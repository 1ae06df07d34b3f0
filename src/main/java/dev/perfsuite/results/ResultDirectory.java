package dev.perfsuite.results;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Names of the files a run leaves in its directory ({@code <perf.results-dir>/<scenario>/}). They
 * are declared once for the engines and reports that write them and the history that reads them.
 */
public final class ResultDirectory {
  /** The JTL of every sample, written while the run lasts. */
  public static final String JTL = "results.jtl";
  /** The JTL gzip-compressed, instead of {@link #JTL}, with {@code perf.jtl.compress=true}. */
  public static final String JTL_GZ = "results.jtl.gz";
  /** The CSV summary, one row per label and phase. */
  public static final String SUMMARY_CSV = "summary.csv";
  /** The Markdown summary with warnings and the per-engine breakdown. */
  public static final String SUMMARY_MD = "summary.md";
  /** The run facts: phase origin, warm-up, users, think time, interruption, warnings. */
  public static final String RUN_PROPERTIES = "run.properties";

  private ResultDirectory() {
  }

  /** The JTL of a run directory: {@link #JTL}, or {@link #JTL_GZ} when only that one is there. */
  public static Path jtl(Path runDirectory) {
    Path plain = runDirectory.resolve(JTL);
    Path gzip = runDirectory.resolve(JTL_GZ);
    return !Files.exists(plain) && Files.exists(gzip) ? gzip : plain;
  }
}
