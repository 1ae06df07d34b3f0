package dev.perfsuite.engines;

import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;

/**
 * Watches runs as they happen (live metrics, progress lines): asked for an observer when a run
 * starts and told when it ended.
 */
public interface RunWatcher {

  /** An observer for the run about to start; it sees every sample of it. */
  SampleObserver runStarting(RunContext run);

  /** The run ended (normally or not) and its results are written. */
  default void runEnded(RunContext run, RunResult result) {
  }
}
