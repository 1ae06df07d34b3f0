package dev.perfsuite.results;

import java.time.Duration;

/**
 * One label's statistics in one window of a run's timeline.
 *
 * @param label sampler label, or {@link LabelSummary#OVERALL}
 * @param offset start of the window, measured from the phase origin
 * @param phase the phase the window starts in
 * @param samples samples that started in the window
 * @param errors failed samples among them
 * @param p50Millis median response time, ms (0 when no samples)
 * @param p90Millis 90th percentile, ms
 * @param p95Millis 95th percentile, ms
 * @param p99Millis 99th percentile, ms
 * @param maxActiveThreads highest JMeter active-thread count seen in the window
 */
public record TimelinePoint(String label, Duration offset, Phase phase, long samples, long errors,
    long p50Millis, long p90Millis, long p95Millis, long p99Millis, int maxActiveThreads) {

  /** Samples per second over a window of {@code width}. */
  public double throughput(Duration width) {
    return samples * 1000.0 / width.toMillis();
  }
}
