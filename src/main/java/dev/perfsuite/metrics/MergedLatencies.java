package dev.perfsuite.metrics;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One label's response times as the suite's own cumulative HdrHistogram, published to Micrometer
 * as a {@link FunctionTimer} (count and total): an engine snapshot is added in O(histogram
 * buckets), whatever its number of samples, where a Micrometer timer takes one value per call.
 *
 * <p>Trap: a function timer has no buckets, so {@code histogram_quantile} does not apply to it;
 * the exact percentiles of a distributed run are in its results, not in the live metrics.
 */
final class MergedLatencies {
  /** Three significant digits, auto-resizing: the precision of the engines' own histograms. */
  private final Histogram latencies = new Histogram(3);
  private double totalMillis;

  private MergedLatencies() {
  }

  /** Registers a function timer {@code name} with {@code tags}, read from a new histogram. */
  static MergedLatencies register(MeterRegistry registry, String name, String description,
      Tags tags) {
    MergedLatencies merged = new MergedLatencies();
    FunctionTimer.builder(name, merged, MergedLatencies::count, MergedLatencies::totalMillis,
        TimeUnit.MILLISECONDS).description(description).tags(tags).register(registry);
    return merged;
  }

  /** Adds an engine's new samples, ms; cost grows with the histogram's buckets, not its samples. */
  synchronized void add(Histogram batch) {
    latencies.add(batch);
    // The histogram keeps no exact sum; its mean times its count is exact to the bucket's width.
    totalMillis += batch.getMean() * batch.getTotalCount();
  }

  /** Adds one sample, ms (a local sample in a registry whose timer came from engines). */
  synchronized void record(long millis) {
    latencies.recordValue(Math.max(0, millis));
    totalMillis += Math.max(0, millis);
  }

  synchronized long count() {
    return latencies.getTotalCount();
  }

  synchronized double totalMillis() {
    return totalMillis;
  }
}
