package dev.perfsuite.config.settings;

import java.time.Duration;
import java.util.OptionalDouble;

/**
 * When a run is stopped early because its target is failing.
 *
 * @param errorRatePercent error rate, in percent, that every second of {@code window} must
 *     exceed for the run to stop; empty when {@code perf.abort.error-rate=off}
 * @param window how long the error rate must stay above the threshold, whole seconds
 */
public record AbortSettings(OptionalDouble errorRatePercent, Duration window) {

  /** Defaults as documented in the keys' reference: 90 % for 30 s. */
  public static AbortSettings defaults() {
    return new AbortSettings(OptionalDouble.of(90), Duration.ofSeconds(30));
  }
}
