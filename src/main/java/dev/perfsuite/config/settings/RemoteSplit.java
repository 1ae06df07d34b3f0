package dev.perfsuite.config.settings;

/**
 * How a distributed run shares the profile's users among remote engines
 * ({@code perf.remotes.split}).
 */
public enum RemoteSplit {
  /**
   * Total users divided evenly across engines, as WSO2's harness does; uneven splits are
   * rejected.
   */
  EVEN,
  /** Every engine runs the full profile, as plain JMeter distributed mode does. */
  PER_ENGINE
}
