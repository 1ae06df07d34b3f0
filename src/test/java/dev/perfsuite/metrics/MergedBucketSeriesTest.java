package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleBatch;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A distributed run's merged histograms reach Prometheus with buckets histogram_quantile reads. */
class MergedBucketSeriesTest {
  private static final Pattern BUCKET = Pattern.compile(
      "^perf_sample_merged_seconds_bucket\\{[^}]*label=\"login\"[^}]*le=\"([^\"]+)\"}\\s+(\\S+)$",
      Pattern.MULTILINE);

  @Test
  void shouldPublishBucketsWhoseQuantileLiesWithinOneBucketOfTheExactP99() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    MergedBucketSeries buckets = MergedBucketSeries.register(registry.getPrometheusRegistry());
    SampleMetrics metrics = new SampleMetrics(registry, "distributed", "run-1", buckets);
    Histogram exact = new Histogram(3);
    for (String engine : new String[] {"10.0.0.5:1099", "10.0.0.6:1099"}) {
      Histogram latencies = new Histogram(3);
      for (int i = 1; i <= 5000; i++) {
        // 98 % between 1 and 300 ms, a tail up to ~2.4 s: p99 sits in the tail's buckets.
        latencies.recordValue(i % 50 == 0 ? 800 + i % 1600 : 1 + i % 300);
      }
      exact.add(latencies);
      metrics.batch(new SampleBatch(engine, "login", Phase.MEASUREMENT, latencies, Map.of(), 50));
    }

    String scrape = registry.scrape();
    TreeMap<Double, Double> cumulative = new TreeMap<>();
    Matcher m = BUCKET.matcher(scrape);
    while (m.find()) {
      cumulative.put(m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY
          : Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)));
    }
    double exactP99 = exact.getValueAtPercentile(99) / 1000.0;
    Map.Entry<Double, Double> bucket = cumulative.ceilingEntry(exactP99);
    Double lower = cumulative.lowerKey(bucket.getKey());
    double width = bucket.getKey() - (lower == null ? 0 : lower);

    assertThat(cumulative).as("bucket series of the merged histogram").hasSizeGreaterThan(10);
    assertThat(cumulative.lastEntry().getValue()).as("+Inf bucket = every sample of both engines")
        .isEqualTo(10_000.0);
    assertThat(scrape).as("count and sum beside the buckets")
        .contains("perf_sample_merged_seconds_count{", "perf_sample_merged_seconds_sum{");
    assertThat(quantile(0.99, cumulative)).as("histogram_quantile(0.99) vs exact p99 %s s",
        exactP99).isCloseTo(exactP99, org.assertj.core.data.Offset.offset(width));
  }

  /** Prometheus's histogram_quantile: linear within the bucket that holds the rank. */
  private static double quantile(double q, TreeMap<Double, Double> cumulative) {
    double rank = q * cumulative.lastEntry().getValue();
    double previousBound = 0;
    double previousCount = 0;
    for (Map.Entry<Double, Double> b : cumulative.entrySet()) {
      if (b.getValue() >= rank) {
        return previousBound + (b.getKey() - previousBound) * (rank - previousCount)
            / (b.getValue() - previousCount);
      }
      previousBound = b.getKey();
      previousCount = b.getValue();
    }
    throw new AssertionError("rank beyond the buckets");
  }
}
