package dev.perfsuite.metrics;

import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The engines' merged per-label histograms ({@link MergedLatencies}) as a classic Prometheus
 * histogram {@value #NAME} ({@code _bucket} with {@code le}, {@code _count}, {@code _sum}), so
 * {@code histogram_quantile} works on a distributed run as on a local one.
 *
 * <p>Its buckets are those of the local {@code perf_sample_seconds} timer (Micrometer's percentile
 * histogram over 1 ms to 60 s plus the SLO buckets), so one panel reads both. A scrape costs
 * O(labels x (distinct recorded values + buckets)), nothing per sample. Trap: a separate name,
 * because Prometheus allows one kind per name and the merged function timer already publishes
 * {@code perf_sample_seconds} (count and sum) in Micrometer; dashboards match both names.
 */
final class MergedBucketSeries implements Collector {
  /** The Prometheus name of the merged histogram; its series carry the local timer's tags. */
  static final String NAME = "perf_sample_merged_seconds";
  /** Bucket upper bounds in ms, ascending, the last one +Inf. */
  private static final double[] BOUNDS_MILLIS = bounds();

  private final Map<Labels, MergedLatencies> series = new ConcurrentHashMap<>();

  private MergedBucketSeries() {
  }

  /** Registers an empty series set in {@code registry}, once per registry. */
  static MergedBucketSeries register(PrometheusRegistry registry) {
    MergedBucketSeries buckets = new MergedBucketSeries();
    registry.register(buckets);
    return buckets;
  }

  /** Publishes {@code latencies} under {@code labels} (name/value pairs) from the next scrape. */
  void add(MergedLatencies latencies, String... labels) {
    series.put(Labels.of(labels), latencies);
  }

  @Override
  public String getPrometheusName() {
    return NAME;
  }

  @Override
  public MetricSnapshot collect() {
    HistogramSnapshot.Builder snapshot = HistogramSnapshot.builder().name(NAME)
        .help("Service time of every sample, merged from the engines' histograms, warm-up "
            + "included");
    series.forEach((labels, latencies) -> {
      MergedLatencies.Buckets b = latencies.buckets(BOUNDS_MILLIS);
      double[] upperSeconds = Arrays.stream(BOUNDS_MILLIS).map(ms -> ms / 1000.0).toArray();
      snapshot.dataPoint(HistogramDataPointSnapshot.builder().labels(labels)
          .classicHistogramBuckets(ClassicHistogramBuckets.of(upperSeconds, b.counts()))
          .sum(b.totalMillis() / 1000.0).build());
    });
    return snapshot.build();
  }

  private static double[] bounds() {
    DistributionStatisticConfig config = DistributionStatisticConfig.builder()
        .percentilesHistogram(true)
        .minimumExpectedValue((double) Duration.ofMillis(1).toNanos())
        .maximumExpectedValue((double) Duration.ofSeconds(60).toNanos())
        .serviceLevelObjectives(Arrays.stream(LiveMetrics.SLO).mapToDouble(d -> d.toNanos())
            .toArray())
        .build().merge(DistributionStatisticConfig.DEFAULT);
    double[] millis = config.getHistogramBuckets(true).stream()
        .mapToDouble(nanos -> nanos / 1e6).toArray();
    double[] withInf = Arrays.copyOf(millis, millis.length + 1);
    withInf[millis.length] = Double.POSITIVE_INFINITY;
    return withInf;
  }
}
