package dev.perfsuite.engines;

import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import java.util.Optional;

/**
 * Watches runs as they happen (live metrics, progress lines): asked for an observer when a run
 * starts and told when it ended.
 */
public interface RunWatcher {

  /** An observer for the run about to start; it sees every sample of it. */
  SampleObserver runStarting(RunContext run);

  /**
   * A reason to stop the current run now (e.g. its error rate stayed above
   * {@code perf.abort.error-rate}); polled about every second while a run is under way.
   */
  default Optional<String> stopRequest() {
    return Optional.empty();
  }

  /** The run ended (normally or not) and its results are written. */
  default void runEnded(RunContext run, RunResult result) {
  }
}
