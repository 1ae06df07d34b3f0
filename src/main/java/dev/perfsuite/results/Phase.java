package dev.perfsuite.results;

/** The part of a run a sample belongs to; only {@link #MEASUREMENT} feeds statistics verdicts. */
public enum Phase {
  /** Samples that started inside the profile's warm-up window, counted but never judged. */
  WARM_UP,
  /** Samples that started after the warm-up window: the ones every verdict is computed on. */
  MEASUREMENT
}
