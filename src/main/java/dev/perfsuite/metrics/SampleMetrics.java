package dev.perfsuite.metrics;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelCap;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleBatch;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Feeds one run's samples into Micrometer, every meter tagged with scenario and run id. The meters
 * are timer {@code perf.sample} per label and status with a percentile histogram and SLO buckets,
 * counter {@code perf.errors} per label and cause, and gauge {@code perf.threads.active}.
 *
 * <p>Meters are looked up once per label, status and cause and cached, so a sample costs a map
 * read and a timer record, not a registry lookup. Engine snapshots cost O(labels): their
 * histograms are added to the suite's own per-label HdrHistogram ({@link MergedLatencies}),
 * published as a function timer under the same name {@code perf.sample} (count and sum) and,
 * with the Prometheus export, as the classic histogram {@code perf_sample_merged_seconds}
 * ({@link MergedBucketSeries}). Prometheus allows one kind per name, so the registry's first
 * {@code perf.sample} decides: once engines fed it, local samples go to the function timers too;
 * once local samples made it a timer with buckets, engine snapshots are replayed value by value
 * into it (O(samples), only in a session that mixes local and distributed runs).
 *
 * <p>Response times ({@code perf.response}) follow the same rule with the engines' response
 * histograms (intended start, or stalls filled in): merged, they are published as a function timer
 * or, with the Prometheus export, as the classic histogram {@code perf_response_seconds} itself,
 * so one panel reads local and distributed runs.
 *
 * <p>Labels are capped as the recorder caps them ({@code perf.labels.max}): the first labels seen
 * get meters of their own, every later one counts in the {@value LabelCap#OTHER} meters, so a
 * plan whose labels carry ids makes at most cap+1 label meter sets. {@link #close} removes every
 * meter of the run from the registry.
 */
final class SampleMetrics implements SampleObserver, AutoCloseable {
  /** The meters a run registers, all tagged with its run id; what {@link #close} removes. */
  private static final List<String> NAMES = List.of("perf.sample", "perf.response",
      "perf.errors", "perf.threads.active");
  private final MeterRegistry registry;
  private final String scenario;
  private final String runId;
  private final Map<String, Timer> timers = new ConcurrentHashMap<>();
  private final Map<String, Timer> responses = new ConcurrentHashMap<>();
  private final Map<String, Counter> errors = new ConcurrentHashMap<>();
  private final Map<String, MergedLatencies> merged = new ConcurrentHashMap<>();
  private final Map<String, MergedLatencies> mergedResponses = new ConcurrentHashMap<>();
  private final AtomicInteger activeThreads = new AtomicInteger();
  private final MergedBucketSeries buckets;
  private final MergedBucketSeries responseBuckets;
  private final AtomicReference<Boolean> mergedKind = new AtomicReference<>();
  private final AtomicReference<Boolean> mergedResponseKind = new AtomicReference<>();
  private final LabelCap labels;

  SampleMetrics(MeterRegistry registry, String scenario, String runId) {
    this(registry, scenario, runId, null);
  }

  /**
   * Feeds {@code registry}; with {@code buckets} (the Prometheus export) the engines' merged
   * histograms are published with their buckets too.
   *
   * @param buckets where merged histograms publish buckets, or null for none
   */
  SampleMetrics(MeterRegistry registry, String scenario, String runId,
      MergedBucketSeries buckets) {
    this(registry, scenario, runId, buckets, null);
  }

  /**
   * Feeds {@code registry}; with {@code buckets} and {@code responseBuckets} (the Prometheus
   * export) the engines' merged service and response histograms are published with buckets.
   *
   * @param responseBuckets where merged response histograms publish, or null for a function timer
   */
  SampleMetrics(MeterRegistry registry, String scenario, String runId,
      MergedBucketSeries buckets, MergedBucketSeries responseBuckets) {
    this(registry, scenario, runId, buckets, responseBuckets,
        RunSettings.defaults().labelsMax());
  }

  /**
   * As {@link #SampleMetrics(MeterRegistry, String, String, MergedBucketSeries,
   * MergedBucketSeries)}, with meters of their own for the first {@code labelsMax} labels only.
   *
   * @param labelsMax the run's {@code perf.labels.max}, positive
   */
  SampleMetrics(MeterRegistry registry, String scenario, String runId,
      MergedBucketSeries buckets, MergedBucketSeries responseBuckets, int labelsMax) {
    this.labels = LabelCap.of(labelsMax, false);
    this.registry = registry;
    this.scenario = Secrets.mask(scenario);
    this.runId = runId;
    this.buckets = buckets;
    this.responseBuckets = responseBuckets;
    Gauge.builder("perf.threads.active", activeThreads, AtomicInteger::get)
        .description("JMeter threads running, as reported by the latest sample")
        .tags("scenario", this.scenario, "run", runId)
        .register(registry);
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing) {
    // A label may hold a secret (a token in a URL-named sampler): masked as every output is.
    // Capped first, on the label the recorder caps: the same labels fold.
    String label = Secrets.mask(labels.of(result.getSampleLabel()));
    boolean ok = cause == null;
    if (mergedKind(false)) {
      merged(label).record(result.getTime());
    } else {
      timer(label, ok).record(result.getTime(), TimeUnit.MILLISECONDS);
    }
    if (mergedResponseKind(false)) {
      MergedLatencies response = mergedResponse(label);
      response.record(timing.responseMillis());
      timing.filledIn().forEach(response::record);
    } else {
      Timer response = responseTimer(label);
      response.record(timing.responseMillis(), TimeUnit.MILLISECONDS);
      // A stall's missing requests, bounded by the stall's length over the user's interval.
      timing.filledIn().forEach(v -> response.record(v, TimeUnit.MILLISECONDS));
    }
    if (!ok) {
      errors.computeIfAbsent(label + '\n' + cause, k -> Counter.builder("perf.errors")
          .description("Failed samples by label and cause")
          .tags("scenario", scenario, "run", runId, "label", label, "cause", cause.name())
          .register(registry)).increment();
    }
    activeThreads.set(result.getAllThreads());
  }

  /**
   * Engine-side aggregated samples, added to the label's merged histogram in O(histogram buckets).
   * Failed samples are counted per cause but timed with the successes, since a snapshot does not
   * split response times by outcome.
   */
  @Override
  public void batch(SampleBatch batch) {
    if (batch.overall() || batch.samples() == 0) {
      return;
    }
    String label = Secrets.mask(labels.of(batch.label()));
    if (mergedKind(true)) {
      merged(label).add(batch.latencies());
    } else {
      replay(batch.latencies(), timer(label, true));
    }
    if (mergedResponseKind(true)) {
      mergedResponse(label).add(batch.responses());
    } else {
      replay(batch.responses(), responseTimer(label));
    }
    batch.errorsByCause().forEach((cause, n) -> errors.computeIfAbsent(label + '\n'
        + cause, k -> Counter.builder("perf.errors")
        .description("Failed samples by label and cause")
        .tags("scenario", scenario, "run", runId, "label", label, "cause", cause.name())
        .register(registry)).increment(n));
    activeThreads.set(batch.activeThreads());
  }

  /**
   * Whether {@code perf.sample} is a function timer in this registry, decided once per run. A
   * registry search per sample would cost O(meters); the kind is as an earlier run left it, else as
   * the first feed asks ({@code engines}: a snapshot batch).
   */
  private boolean mergedKind(boolean engines) {
    return kind(mergedKind, "perf.sample", buckets, engines);
  }

  /** As {@link #mergedKind} for {@code perf.response}, decided apart: its series differ. */
  private boolean mergedResponseKind(boolean engines) {
    return kind(mergedResponseKind, "perf.response", responseBuckets, engines);
  }

  private boolean kind(AtomicReference<Boolean> decided, String name, MergedBucketSeries series,
      boolean engines) {
    Boolean kind = decided.get();
    if (kind == null) {
      synchronized (this) {
        kind = decided.get();
        if (kind == null) {
          kind = registry.find(name).functionTimer() != null
              || series != null && series.publishing()
              || registry.find(name).timer() == null && engines;
          decided.set(kind);
        }
      }
    }
    return kind;
  }

  /** A session mixing local and engine runs keeps the timer kind it started with. */
  private static void replay(Histogram values, Timer timer) {
    values.recordedValues().forEach(v -> {
      for (long i = 0; i < v.getCountAtValueIteratedTo(); i++) {
        timer.record(v.getValueIteratedTo(), TimeUnit.MILLISECONDS);
      }
    });
  }

  /** The label's merged histogram; local samples of any status share it (no status split). */
  private MergedLatencies merged(String label) {
    return merged.computeIfAbsent(label, k -> {
      MergedLatencies latencies = MergedLatencies.register(registry, "perf.sample",
          "Service time of every sample, merged from the engines' histograms, warm-up included",
          Tags.of("scenario", scenario, "run", runId, "label", label, "status", "ok"));
      if (buckets != null) {
        buckets.add(latencies, "scenario", scenario, "run", runId, "label", label, "status",
            "ok");
      }
      return latencies;
    });
  }

  /**
   * The label's merged response histogram: published by {@code responseBuckets} alone when there
   * is one (it owns the Prometheus name then), else as a function timer.
   */
  private MergedLatencies mergedResponse(String label) {
    return mergedResponses.computeIfAbsent(label, k -> {
      if (responseBuckets == null) {
        return MergedLatencies.register(registry, "perf.response", "What users saw: from the "
            + "intended start (open model), or with the closed model's stalls filled in; merged "
            + "from the engines' histograms, warm-up included",
            Tags.of("scenario", scenario, "run", runId, "label", label));
      }
      MergedLatencies latencies = MergedLatencies.unregistered();
      responseBuckets.add(latencies, "scenario", scenario, "run", runId, "label", label);
      return latencies;
    });
  }

  private Timer responseTimer(String label) {
    return responses.computeIfAbsent(label, k -> histogram(Timer.builder("perf.response")
        .description("What users saw: from the intended start (open model), or with the "
            + "closed model's stalls filled in; warm-up included")
        .tags("scenario", scenario, "run", runId, "label", label)));
  }

  private Timer timer(String label, boolean ok) {
    String key = ok ? label : label + "\nerror";
    return timers.computeIfAbsent(key, k -> histogram(Timer.builder("perf.sample")
        .description("Service time (JMeter's elapsed) of every sample, warm-up included")
        .tags("scenario", scenario, "run", runId, "label", label, "status",
            ok ? "ok" : "error")));
  }

  /** Percentile histogram and SLO buckets over 1 ms to 60 s, registered in this registry. */
  private Timer histogram(Timer.Builder builder) {
    return builder.publishPercentileHistogram()
        .serviceLevelObjectives(LiveMetrics.SLO)
        .minimumExpectedValue(Duration.ofMillis(1))
        .maximumExpectedValue(Duration.ofSeconds(60))
        .register(registry);
  }

  /**
   * Removes the run's meters from the registry and its series from the Prometheus histograms. A
   * JVM running many scenarios then holds the meters of the runs not yet closed only.
   */
  @Override
  public void close() {
    for (String name : NAMES) {
      for (Meter meter : registry.find(name).tag("run", runId).meters()) {
        registry.remove(meter);
      }
    }
    if (buckets != null) {
      buckets.remove(runId);
    }
    if (responseBuckets != null) {
      responseBuckets.remove(runId);
    }
  }
}
