package dev.perfsuite.results;

import dev.perfsuite.config.settings.JtlContent;
import java.time.Duration;

/**
 * A model of what a run's JTL takes on disk, for the free-space check before load.
 *
 * <p>Bytes per row are measured by {@code JtlSizeBench} on the suite's default columns and a
 * short label (docs/results.md); a long label or URL adds its length to every row. The share of
 * rows {@code perf.jtl=errors} keeps is a model: 5 % errors.
 */
public final class JtlSize {
  /** Bytes per plain CSV row, default columns, label and URL about 30 characters each. */
  public static final int PLAIN_BYTES_PER_ROW = 125;
  /** Bytes per gzip-compressed row of the same JTL ({@code perf.jtl.compress=true}). */
  public static final int GZIP_BYTES_PER_ROW = 12;
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
