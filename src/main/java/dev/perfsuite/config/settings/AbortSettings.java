package dev.perfsuite.config.settings;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * When a run is stopped early because its target is failing or too slow.
 *
 * @param errorRatePercent error rate, in percent, that every second of {@code window} must
 *     exceed for the run to stop; empty when {@code perf.abort.error-rate=off}
 * @param window how long the error rate must stay above the threshold, whole seconds
 * @param latencyRules {@code perf.abort.latency}: percentiles that must not exceed their limit
 *     over {@code latencyWindow}; empty for none
 * @param latencyWindow the sliding window the latency rules judge ({@code
 *     perf.abort.latency-window}), whole seconds
 */
public record AbortSettings(OptionalDouble errorRatePercent, Duration window,
    List<LatencyRule> latencyRules, Duration latencyWindow) {

  /** Copies the rules. */
  public AbortSettings {
    latencyRules = List.copyOf(latencyRules);
  }

  /** Error-rate settings without latency rules (10 s latency window). */
  public AbortSettings(OptionalDouble errorRatePercent, Duration window) {
    this(errorRatePercent, window, List.of(), Duration.ofSeconds(10));
  }

  /** Defaults as documented in the keys' reference: 90 % for 30 s, no latency rule. */
  public static AbortSettings defaults() {
    return new AbortSettings(OptionalDouble.of(90), Duration.ofSeconds(30));
  }
}
