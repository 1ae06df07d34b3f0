package dev.perfsuite.metrics;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One label's response times as the suite's own cumulative HdrHistogram, published as a Micrometer
 * {@link FunctionTimer}. The timer has count and total: an engine snapshot is added in O(histogram
 * buckets), whatever its number of samples, where a Micrometer timer takes one value per call.
 *
 * <p>Trap: a function timer has no buckets; with the Prometheus export the same histogram's
 * buckets are published apart, by {@link MergedBucketSeries}, for {@code histogram_quantile}.
 */
final class MergedLatencies {
  /** Three significant digits, auto-resizing: the precision of the engines' own histograms. */
  private final Histogram latencies = new Histogram(3);
  private double totalMillis;

  private MergedLatencies() {
  }

  /** A new histogram no Micrometer meter reads (a {@link MergedBucketSeries} publishes it). */
  static MergedLatencies unregistered() {
    return new MergedLatencies();
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

  /**
   * Counts per bucket (not cumulative) for ascending upper bounds in ms, the last +Inf, with the
   * total. A sample goes to the first bucket whose bound is at least its value.
   */
  synchronized Buckets buckets(double[] upperMillis) {
    long[] counts = new long[upperMillis.length];
    for (HistogramIterationValue v : latencies.recordedValues()) {
      // Values are whole ms; HdrHistogram's highest equivalent value is within its precision.
      int i = Arrays.binarySearch(upperMillis, v.getValueIteratedTo());
      counts[i >= 0 ? i : -i - 1] += v.getCountAtValueIteratedTo();
    }
    return new Buckets(counts, totalMillis);
  }

  /** A scrape's view: counts per bucket and the sum of all samples, ms. */
  record Buckets(long[] counts, double totalMillis) {
  }

  synchronized long count() {
    return latencies.getTotalCount();
  }

  synchronized double totalMillis() {
    return totalMillis;
  }
}
