package dev.perfsuite.results;

import dev.perfsuite.config.settings.JtlContent;
import java.time.Duration;

/**
 * A model of what a run's JTL takes on disk, for the free-space check before load.
 *
 * <p>Bytes per row are measured by {@code JtlCompressionTest} on the suite's default columns,
 * labels of about 10 characters and a 36-character URL (docs/results.md); a longer label or URL
 * adds its length to every row, and real data compresses less well than that test's. The share
 * of rows {@code perf.jtl=errors} keeps is a model: 5 % errors.
 */
public final class JtlSize {
  /** Bytes per plain CSV row (114.9 measured, rounded up). */
  public static final int PLAIN_BYTES_PER_ROW = 115;
  /** Bytes per gzip-compressed row of the same JTL (6.8 measured, rounded up). */
  public static final int GZIP_BYTES_PER_ROW = 7;
  private static final double ERROR_SHARE = 0.05;

  private JtlSize() {
  }

  /** Bytes a JTL of {@code rowsPerSecond} over {@code duration} takes, as the keys set it. */
  public static long bytes(double rowsPerSecond, Duration duration, JtlContent content,
      boolean compressed) {
    double rows = rowsPerSecond * duration.toMillis() / 1000.0;
    double kept = switch (content) {
      case ALL -> rows;
      case ERRORS -> rows * ERROR_SHARE;
      case NONE -> 0;
    };
    return (long) (kept * (compressed ? GZIP_BYTES_PER_ROW : PLAIN_BYTES_PER_ROW));
  }
}
