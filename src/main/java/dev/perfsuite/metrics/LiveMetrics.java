package dev.perfsuite.metrics;

import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live Micrometer metrics of every run in this JVM, exported as {@code perf.metrics.export} says.
 * They hold a timer per label and status, errors by cause and the active-thread gauge, plus the
 * generator's JVM and system metrics.
 *
 * <p>A lifecycle object: open for the whole test session, so a Prometheus scrape after a run still
 * sees its final counts. The Prometheus endpoint binds loopback unless {@code perf.metrics.host}
 * says otherwise. Trap: with a percentile histogram Prometheus gets {@code _bucket} series, not
 * client-side quantiles; compute percentiles with {@code histogram_quantile} over
 * {@code perf_sample_seconds_bucket} (local runs) and {@code perf_sample_merged_seconds_bucket}
 * (distributed runs: the engines' merged histograms, {@link MergedBucketSeries}); response times
 * are {@code perf_response_seconds_bucket} in both.
 *
 * <p>A run's meters outlive it until the next run ends, so a scrape between runs and during the
 * next one still sees its final counts; then they leave the registry. A JVM running many
 * scenarios holds the meters of the running runs and of the last one ended, never more, and each
 * run has at most {@code perf.labels.max}+1 label meter sets ({@link SampleMetrics}).
 */
public final class LiveMetrics implements RunWatcher, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LiveMetrics.class);
  /** SLO buckets every timer counts, ms: the thresholds the seeds' SLAs use. */
  static final Duration[] SLO = {Duration.ofMillis(50), Duration.ofMillis(100),
      Duration.ofMillis(200), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2)};

  private final MeterRegistry registry;
  private final HTTPServer server;
  private final String host;
  private final MergedBucketSeries buckets;
  private final MergedBucketSeries responseBuckets;
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final Map<String, SampleMetrics> running = new ConcurrentHashMap<>();
  private final AtomicReference<SampleMetrics> lastEnded = new AtomicReference<>();

  private LiveMetrics(MeterRegistry registry, HTTPServer server, String host) {
    this.registry = registry;
    this.server = server;
    this.host = host;
    // Distributed runs' merged histograms get bucket series only where Prometheus reads them.
    this.buckets = registry instanceof PrometheusMeterRegistry prometheus
        ? MergedBucketSeries.register(prometheus.getPrometheusRegistry()) : null;
    this.responseBuckets = registry instanceof PrometheusMeterRegistry prometheus
        ? MergedBucketSeries.responses(prometheus.getPrometheusRegistry()) : null;
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
  }

  /**
   * Starts the registry {@code settings} asks for; with {@code prometheus} the scrape endpoint is
   * open when this returns.
   *
   * @throws IllegalStateException naming the host, port and key when the endpoint cannot bind
   */
  public static LiveMetrics start(MetricsSettings settings) {
    return switch (settings.export()) {
      case NONE -> new LiveMetrics(new SimpleMeterRegistry(), null, null);
      case OTLP -> new LiveMetrics(new OtlpMeterRegistry(otlp(settings), Clock.SYSTEM), null,
          null);
      case PROMETHEUS -> {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try {
          HTTPServer server = HTTPServer.builder().hostname(settings.host()).port(settings.port())
              .registry(prometheus.getPrometheusRegistry()).buildAndStart();
          LiveMetrics metrics = new LiveMetrics(prometheus, server, settings.host());
          LOG.info("perf-suite metrics: Prometheus endpoint {}", metrics.endpoint()
              .orElseThrow());
          yield metrics;
        } catch (IOException e) {
          prometheus.close();
          throw new IllegalStateException("cannot open the Prometheus endpoint on "
              + settings.host() + ":" + settings.port() + " (" + e.getMessage() + "). Fix: "
              + "choose a free port with -Dperf.metrics.port=PORT (0 picks one) or "
              + "-Dperf.metrics.export=none.", e);
        }
      }
    };
  }

  private static OtlpConfig otlp(MetricsSettings settings) {
    String url = settings.otlpUrl().toString();
    String step = settings.step().toString();
    return key -> switch (key) {
      case "otlp.url" -> url;
      case "otlp.step" -> step;
      default -> null;
    };
  }

  /** The registry every run reports to. */
  public MeterRegistry registry() {
    return registry;
  }

  /** The Prometheus scrape URL ({@code /metrics}), when that export is on. */
  public Optional<URI> endpoint() {
    if (server == null) {
      return Optional.empty();
    }
    return Optional.of(URI.create("http://" + hostForUrl() + ":" + server.getPort() + "/metrics"));
  }

  private String hostForUrl() {
    return host.contains(":") ? "[" + host + "]" : host;
  }

  @Override
  public SampleObserver runStarting(RunContext run) {
    SampleMetrics metrics = new SampleMetrics(registry, run.scenario(), run.runId(), buckets,
        responseBuckets, run.labelsMax());
    running.put(run.runId(), metrics);
    return metrics;
  }

  /** The run's meters stay until the next run ends; those of the run ended before leave now. */
  @Override
  public void runEnded(RunContext run, RunResult result) {
    SampleMetrics ended = running.remove(run.runId());
    if (ended == null) {
      return;
    }
    SampleMetrics before = lastEnded.getAndSet(ended);
    if (before != null) {
      before.close();
    }
  }

  /**
   * Closes the endpoint and flushes push registries (OTLP publishes once more on close), then
   * removes every run's meters.
   */
  @Override
  public void close() {
    if (server != null) {
      server.close();
    }
    gc.close();
    registry.close();
    // After the flush: an OTLP collector gets the last run's final counts first.
    SampleMetrics ended = lastEnded.getAndSet(null);
    if (ended != null) {
      ended.close();
    }
    running.values().forEach(SampleMetrics::close);
    running.clear();
  }
}
