package dev.perfsuite.config.settings;

/** How remote engines report their samples to the controller ({@code perf.remotes.samples}). */
public enum RemoteSamples {
  /**
   * Each engine aggregates its samples (exact histograms) and sends a snapshot every
   * {@code perf.remotes.snapshot-interval}: the controller's cost does not grow with the rate.
   */
  AGGREGATE,
  /** Every sample crosses RMI to the controller, JMeter's own way: small diagnostic runs only. */
  ALL
}
