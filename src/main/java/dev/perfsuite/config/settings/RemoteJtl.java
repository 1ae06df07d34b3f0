package dev.perfsuite.config.settings;

/** What happens to the JTL each remote engine writes ({@code perf.remotes.jtl}). */
public enum RemoteJtl {
  /** Sent to the controller at the end and merged into the run's results.jtl. */
  FETCH,
  /** Left on the engines (very long runs); the summary says where. */
  KEEP
}
