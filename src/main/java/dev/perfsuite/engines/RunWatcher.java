package dev.perfsuite.engines;

import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import java.util.Optional;

/**
 * Watches runs as they happen (live metrics, progress lines, summary files): asked for an observer
 * when a run starts and told when it ended.
 *
 * <p>Engines declare this and never create a watcher that reports: whoever builds the engine
 * registers them ({@code junit.PerfSession}, or a test), in the order they hear a run's end.
 */
public interface RunWatcher {

  /**
   * An observer for the run about to start; it sees every sample of it. By default none: a
   * watcher that only needs the run's end reads it from {@link RunResult}.
   */
  default SampleObserver runStarting(RunContext run) {
    return (result, phase, cause, transaction, timing) -> {
    };
  }

  /**
   * A reason to stop the current run now (e.g. its error rate stayed above
   * {@code perf.abort.error-rate}); polled about every second while a run is under way.
   */
  default Optional<String> stopRequest() {
    return Optional.empty();
  }

  /**
   * The run ended (normally or not) and its JTL is complete; watchers registered before this one
   * heard it first. A watcher that throws is reported and skipped, the others still run.
   */
  default void runEnded(RunContext run, RunResult result) {
  }
}
