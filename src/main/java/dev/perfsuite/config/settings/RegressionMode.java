package dev.perfsuite.config.settings;

/** What a regression against the baseline does ({@code perf.regression}). */
public enum RegressionMode {
  /** No comparison. */
  OFF,
  /** The regression verdict is reported; the test still passes. */
  WARN,
  /** A regression fails the test. */
  FAIL
}
