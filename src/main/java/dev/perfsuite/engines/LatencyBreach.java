package dev.perfsuite.engines;

import dev.perfsuite.config.settings.LatencyRule;
import java.time.Duration;
import java.time.Instant;

/**
 * The {@code perf.abort.latency} rule that stopped a run, and when.
 *
 * @param rule the rule that fired
 * @param at when the rule was judged breached (the end of the window)
 * @param actualMillis the percentile measured over the window, ms
 * @param window the sliding window judged
 * @param samples how many samples the window held
 */
public record LatencyBreach(LatencyRule rule, Instant at, long actualMillis, Duration window,
    long samples) {
}
