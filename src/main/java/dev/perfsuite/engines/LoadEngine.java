package dev.perfsuite.engines;

import dev.perfsuite.results.RunResult;

/** Runs load plans and returns exact results; implementations own the JMeter engine lifecycle. */
public interface LoadEngine {

  /**
   * Runs the plan to the end of its profile, or until interrupted, and writes its results.
   *
   * <p>Faults of the target (refused connections, timeouts, 5xx) never abort the run: they are
   * counted in the result. An interrupted or overrunning run still returns what was sampled,
   * with {@link RunResult#interrupted()} set.
   */
  RunResult run(LoadPlan plan);
}
