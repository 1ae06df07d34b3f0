package dev.perfsuite.config.settings;

/**
 * Which samples the JTL keeps ({@code perf.jtl}); the statistics always count every sample.
 *
 * <p>{@link #ERRORS} and {@link #NONE} are for soak runs whose JTL would fill the disk: the
 * summary, verdict and history come from the in-memory statistics, but the JMeter dashboard and a
 * summary rebuild after a killed JVM see only the rows kept.
 */
public enum JtlContent {
  /** Every sample, one row each (the default). */
  ALL,
  /** Failed samples only. */
  ERRORS,
  /** No row; the header only, so tools find a JTL. */
  NONE
}
