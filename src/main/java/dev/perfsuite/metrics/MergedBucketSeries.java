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
 * histogram. With {@code _bucket} and {@code le}, {@code _count} and {@code _sum},
 * {@code histogram_quantile} works on a distributed run as on a local one: service times as
 * {@value #NAME}, response times as {@value #RESPONSE_NAME}.
 *
 * <p>Its buckets are those of the local {@code perf_sample_seconds} timer (Micrometer's percentile
 * histogram over 1 ms to 60 s plus the SLO buckets), so one panel reads both. A scrape costs
 * O(labels x (distinct recorded values + buckets)), nothing per sample. Trap: service times get
 * a separate name, because Prometheus allows one kind per name and the merged function timer
 * already publishes {@code perf_sample_seconds} (count and sum) in Micrometer; dashboards match
 * both names. Response times keep the local timer's name and register it only with their first
 * series ({@link #responses}): the registry then holds no Micrometer {@code perf.response}, and
 * {@link SampleMetrics} sends later local samples here too.
 */
final class MergedBucketSeries implements Collector {
  /** The Prometheus name of the merged service times; its series carry the local timer's tags. */
  static final String NAME = "perf_sample_merged_seconds";
  /** The Prometheus name of the merged response times: the local {@code perf.response}'s. */
  static final String RESPONSE_NAME = "perf_response_seconds";
  /** Bucket upper bounds in ms, ascending, the last one +Inf. */
  private static final double[] BOUNDS_MILLIS = bounds();

  private final Map<Labels, MergedLatencies> series = new ConcurrentHashMap<>();
  private final String name;
  private final String help;
  private final PrometheusRegistry lazily;
  private boolean registered;

  private MergedBucketSeries(String name, String help, PrometheusRegistry lazily) {
    this.name = name;
    this.help = help;
    this.lazily = lazily;
  }

  /** Registers an empty series set of service times in {@code registry}, once per registry. */
  static MergedBucketSeries register(PrometheusRegistry registry) {
    MergedBucketSeries buckets = new MergedBucketSeries(NAME, "Service time of every sample, "
        + "merged from the engines' histograms, warm-up included", null);
    registry.register(buckets);
    return buckets;
  }

  /**
   * A series set of response times for {@code registry}, registered there once with its first
   * series. Until then a local run may own the name as a Micrometer timer.
   */
  static MergedBucketSeries responses(PrometheusRegistry registry) {
    return new MergedBucketSeries(RESPONSE_NAME, "What users saw: from the intended start (open "
        + "model), or with the closed model's stalls filled in; merged from the engines' "
        + "histograms, warm-up included", registry);
  }

  /** Publishes {@code latencies} under {@code labels} (name/value pairs) from the next scrape. */
  synchronized void add(MergedLatencies latencies, String... labels) {
    if (lazily != null && !registered) {
      // First: a registration refused (the name taken) must not leave a series that reads as
      // published.
      lazily.register(this);
      registered = true;
    }
    series.put(Labels.of(labels), latencies);
  }

  /**
   * Stops publishing the series of run {@code runId}. A lazily registered set left empty leaves
   * its registry too, so a later local run may own the name as a Micrometer timer again.
   */
  synchronized void remove(String runId) {
    series.keySet().removeIf(labels -> runId.equals(labels.get("run")));
    if (lazily != null && registered && series.isEmpty()) {
      lazily.unregister(this);
      registered = false;
    }
  }

  /** True once a series is published: the name is this collector's in its registry. */
  synchronized boolean publishing() {
    return !series.isEmpty();
  }

  @Override
  public String getPrometheusName() {
    return name;
  }

  @Override
  public MetricSnapshot collect() {
    HistogramSnapshot.Builder snapshot = HistogramSnapshot.builder().name(name).help(help);
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
