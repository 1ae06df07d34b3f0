package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.results.LabelSnapshot;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.SampleBatch;
import dev.perfsuite.results.SampleRecorder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distributed run's merged histograms, service and response times, reach Prometheus with
 * buckets histogram_quantile reads.
 */
class MergedBucketSeriesTest {
  @TempDir
  Path work;

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
    TreeMap<Double, Double> cumulative = buckets(scrape, MergedBucketSeries.NAME);

    assertThat(cumulative).as("bucket series of the merged histogram").hasSizeGreaterThan(10);
    assertThat(cumulative.lastEntry().getValue()).as("+Inf bucket = every sample of both engines")
        .isEqualTo(10_000.0);
    assertThat(scrape).as("count and sum beside the buckets")
        .contains("perf_sample_merged_seconds_count{", "perf_sample_merged_seconds_sum{");
    assertWithinOneBucket(cumulative, exact.getValueAtPercentile(99) / 1000.0);
  }

  @Test
  void shouldPublishTheEnginesResponseTimesAsPerfResponseSecondsWithinOneBucketOfTheExactP99()
      throws Exception {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    SampleMetrics metrics = new SampleMetrics(registry, "open", "run-1",
        MergedBucketSeries.register(registry.getPrometheusRegistry()),
        MergedBucketSeries.responses(registry.getPrometheusRegistry()));
    try (SampleRecorder controller = SampleRecorder.create(work.resolve("results.jtl"),
        Duration.ZERO, RunSettings.defaults())) {
      controller.observe(metrics);
      for (String engine : new String[] {"10.0.0.5:1099", "10.0.0.6:1099"}) {
        Histogram service = new Histogram(3);
        Histogram response = new Histogram(3);
        for (int second = 1; second <= 2; second++) {
          for (int i = 1; i <= 2500; i++) {
            // Served in 5..24 ms, but 3 % queued 400..1300 ms behind their intended start.
            service.recordValue(5 + i % 20);
            response.recordValue(5 + i % 20 + (i % 33 == 0 ? 400 + i % 900 : 0));
          }
          controller.absorb(cumulative(engine, second, service, response));
        }
      }
      LabelSummary login = controller.summaries().stream()
          .filter(l -> l.label().equals("login") && l.phase() == Phase.MEASUREMENT)
          .findFirst().orElseThrow();

      TreeMap<Double, Double> responses = buckets(registry.scrape(),
          MergedBucketSeries.RESPONSE_NAME);
      assertThat(responses.lastEntry().getValue()).as("+Inf bucket = both engines' samples")
          .isEqualTo(10_000.0);
      assertThat(login.response().p99()).as("the suite's response p99 sees the queueing")
          .isGreaterThan(login.latency().p99() + 300);
      assertWithinOneBucket(responses, login.response().p99() / 1000.0);
      assertWithinOneBucket(buckets(registry.scrape(), MergedBucketSeries.NAME),
          login.latency().p99() / 1000.0);
    }
  }

  @Test
  void shouldKeepPerfResponseSecondsOneHistogramWhenALocalRunFollowsADistributedOne() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    MergedBucketSeries buckets = MergedBucketSeries.register(registry.getPrometheusRegistry());
    MergedBucketSeries responses = MergedBucketSeries.responses(registry.getPrometheusRegistry());
    Histogram latencies = new Histogram(3);
    latencies.recordValueWithCount(20, 100);
    new SampleMetrics(registry, "distributed", "run-1", buckets, responses)
        .batch(new SampleBatch("10.0.0.5:1099", "login", Phase.MEASUREMENT, latencies, Map.of(),
            4));
    SampleResult local = SampleResult.createTestSample(1000, 1030);
    local.setSampleLabel("login");
    new SampleMetrics(registry, "local", "run-2", buckets, responses)
        .sample(local, Phase.MEASUREMENT, null, false);

    assertThat(registry.scrape()).as("one scrape, both runs in the one perf_response_seconds")
        .contains("perf_response_seconds_count{label=\"login\",run=\"run-1\",scenario="
            + "\"distributed\"} 100")
        .contains("perf_response_seconds_count{label=\"login\",run=\"run-2\",scenario="
            + "\"local\"} 1");
  }

  /** An engine's cumulative snapshot of label {@code login}, response times apart. */
  private static RecorderSnapshot cumulative(String engine, long sequence, Histogram service,
      Histogram response) {
    LabelSnapshot login = new LabelSnapshot("login", Phase.MEASUREMENT, encode(service),
        service.getTotalCount(), 0, service.getMean(), 0, service.getMinValue(),
        service.getMaxValue(), 1_000, 2_000, 0, 0, Map.of(), Map.of(), encode(response), 0, 0,
        0);
    return new RecorderSnapshot(engine, sequence, false, 1_000, service.getTotalCount(),
        service.getTotalCount(), 50, 50, List.of(login), 1000, List.of());
  }

  private static byte[] encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    return Arrays.copyOf(buffer.array(), length);
  }

  /** Cumulative counts by upper bound, s, of label login's bucket series {@code name}. */
  private static TreeMap<Double, Double> buckets(String scrape, String name) {
    Matcher m = Pattern.compile("^" + name + "_bucket\\{[^}]*label=\"login\"[^}]*le=\"([^\"]+)\"}"
        + "\\s+(\\S+)$", Pattern.MULTILINE).matcher(scrape);
    TreeMap<Double, Double> cumulative = new TreeMap<>();
    while (m.find()) {
      cumulative.put(m.group(1).equals("+Inf") ? Double.POSITIVE_INFINITY
          : Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)));
    }
    assertThat(cumulative).as("bucket series %s", name).isNotEmpty();
    return cumulative;
  }

  private static void assertWithinOneBucket(TreeMap<Double, Double> cumulative, double exactP99) {
    Map.Entry<Double, Double> bucket = cumulative.ceilingEntry(exactP99);
    Double lower = cumulative.lowerKey(bucket.getKey());
    double width = bucket.getKey() - (lower == null ? 0 : lower);
    assertThat(quantile(0.99, cumulative)).as("histogram_quantile(0.99) vs exact p99 %s s",
        exactP99).isCloseTo(exactP99, Offset.offset(width));
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
