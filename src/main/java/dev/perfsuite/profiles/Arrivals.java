package dev.perfsuite.profiles;

/** How the open model spaces the intended starts of requests ({@code perf.arrivals}). */
public enum Arrivals {
  /** Evenly spaced: the n-th request is due when the rate's integral reaches n. */
  CONSTANT,
  /**
   * A Poisson process: exponential gaps at the profile's rate, seeded. Bursts happen as they do
   * with independent users; the seed makes a rerun offer the same arrivals.
   */
  POISSON
}
