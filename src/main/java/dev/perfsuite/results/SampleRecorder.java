package dev.perfsuite.results;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.WarmUpOrigin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.SetupThreadGroup;

/**
 * Records every sample of a run into per-label, per-phase statistics and a CSV JTL.
 *
 * <p>A lifecycle object: created per run, started when JMeter starts the test, closed when it
 * ends. The JTL is flushed every second and on close, so an interrupted run keeps what it
 * sampled. Transaction-controller samples get their own label but are kept out of
 * {@link LabelSummary#OVERALL}, which would otherwise count their children twice.
 *
 * <p>A user's thread only queues the sample ({@link RecordingThread}); one recorder thread applies
 * it to the statistics ({@link StripedStatistics}) and observers and writes its JTL row
 * ({@link JtlWriter}). Readers first wait until every sample queued before their call is applied.
 * Engines' snapshots ({@link EngineSnapshots}) merge into every figure; response time beside
 * service time: {@link SamplePhases}.
 */
public final class SampleRecorder implements AutoCloseable {
  /** Variable holding a JMX Once Only controller's result: measured whatever the warm-up. */
  public static final String ALWAYS_MEASURED = "perf.phase.always-measured";
  /** Queued flags: the sample's thread runs in a setUp group. */
  private static final int SET_UP = 1;
  /** Queued flags: the sample is marked as once-only work ({@link #ALWAYS_MEASURED}). */
  private static final int ONCE_ONLY = 2;

  private final String id;
  private final JtlWriter jtl;
  private final LabelCap labels;
  private final SamplePhases phases;
  private final StripedStatistics statistics = new StripedStatistics();
  private final List<SampleObserver> observers = new CopyOnWriteArrayList<>();
  /** Held while the test starts, so that no sample is phased before the origin is fixed. */
  private final Object starting = new Object();
  private volatile long origin = -1;
  private final AtomicInteger maxActiveThreads = new AtomicInteger();
  private final LongAdder samples = new LongAdder();
  /** Guarded by this recorder's lock. */
  private final EngineSnapshots engines = new EngineSnapshots();
  /** Applies the samples from {@link #start} to {@link #close}; null outside. */
  private volatile RecordingThread recording;
  private volatile Optional<String> stoppedBackpressure = Optional.empty();
  private volatile ExtractedSecrets secrets = ExtractedSecrets.NONE;

  private SampleRecorder(String id, JtlWriter jtl, Duration warmUp, WarmUpOrigin warmUpOrigin,
      int labelsMax) {
    this.id = id;
    this.jtl = jtl;
    this.phases = new SamplePhases(warmUp, warmUpOrigin);
    this.labels = LabelCap.of(labelsMax, true);
  }

  /**
   * A recorder writing its JTL to {@code jtl}, replaced if present. The JTL is kept and compressed
   * as the run's {@code settings} say; phases split at {@code warmUp} after their warm-up origin
   * (the start of the test, or the first sample) and labels are capped at their
   * {@code perf.labels.max}.
   */
  public static SampleRecorder create(Path jtl, Duration warmUp, RunSettings settings) {
    SampleRecorder recorder = create(new JtlWriter(jtl, settings.jtl(),
        settings.jtlCompressed()), warmUp, settings.warmUpOrigin(), settings.labelsMax());
    recorder.secrets = new ExtractedSecrets(settings.secretVariables());
    return recorder;
  }

  /** A recorder writing through {@code jtl}, labels capped at the default; tests inject disks. */
  static SampleRecorder create(JtlWriter jtl, Duration warmUp, WarmUpOrigin origin) {
    return create(jtl, warmUp, origin, RunSettings.defaults().labelsMax());
  }

  private static SampleRecorder create(JtlWriter jtl, Duration warmUp, WarmUpOrigin origin,
      int labelsMax) {
    String id = UUID.randomUUID().toString();
    SampleRecorder recorder = new SampleRecorder(id, jtl, warmUp, origin, labelsMax);
    recorder.observe(FailureTrail.beside(jtl.path()));
    RecorderListener.register(id, recorder);
    return recorder;
  }

  String id() {
    return id;
  }

  /**
   * Adds an observer that sees every sample from now on; add observers before the run starts, or
   * they miss its first samples.
   */
  public SampleRecorder observe(SampleObserver observer) {
    observers.add(observer);
    if (origin >= 0) {
      observer.started(origin);
    }
    return this;
  }

  /** The JMeter listener element to place at test-plan level. */
  public RecorderListener listener() {
    return new RecorderListener(id);
  }

  /** Opens the JTL and fixes the phase origin, when the test starts (locally or on an engine). */
  public void start(long originMillis) {
    synchronized (starting) {
      if (!jtl.open()) {
        return;
      }
      origin = originMillis;
      recording = RecordingThread.start(this::apply, jtl::tick);
    }
    for (SampleObserver observer : observers) {
      observer.started(originMillis);
    }
  }

  /**
   * Records one sample; called by JMeter from every sampling thread. Only what the sampling
   * thread alone can tell (its thread group, its variables) is read here; the rest happens on
   * the recorder's thread.
   */
  public void record(SampleEvent event) {
    SampleResult result = event.getResult();
    if (origin < 0) {
      start(result.currentTimeInMillis());
    }
    JMeterContext context = JMeterContextService.getContext();
    int flags = 0;
    if (context.getThreadGroup() instanceof SetupThreadGroup) {
      flags |= SET_UP;
    }
    JMeterVariables variables = context.getVariables();
    if (variables != null && variables.getObject(ALWAYS_MEASURED) == result) {
      flags |= ONCE_ONLY;
    }
    secrets.register(variables);
    RecordingThread current = recording;
    if (current == null || !current.offer(event, flags)) {
      // Before the test started or after it ended: no thread to hand it to.
      apply(event, flags);
    }
  }

  /** Applies one sample to statistics, observers and JTL; on the recorder's thread. */
  private void apply(SampleEvent event, int flags) {
    SampleResult result = event.getResult();
    ErrorCause cause = result.isSuccessful() ? null : ErrorClassifier.classify(result);
    boolean transaction = TransactionController.isFromTransactionController(result);
    jtl.add(event, transaction);
    SampleTiming timing = phases.timing(event, transaction);
    Phase phase = phases.of(result, timing, transaction, origin, (flags & SET_UP) != 0,
        (flags & ONCE_ONLY) != 0);
    int active = result.getAllThreads();
    // Written only when it grows: a write on every sample would bounce the line between cores.
    for (int seen = maxActiveThreads.get(); active > seen
        && !maxActiveThreads.compareAndSet(seen, active); seen = maxActiveThreads.get()) {
      // Another thread raised it meanwhile: compare again.
    }
    count(result, phase, cause, transaction, timing);
    if (transaction) {
      recordChildren(result, phase);
    }
  }

  /** Counts one sample under its (capped) label and passes it to the observers. */
  private void count(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing) {
    statistics.add(labels.of(result.getSampleLabel()), phase, transaction, timing,
        result.getBytesAsLong(), result.getSentBytes(), cause, result.getResponseCode());
    samples.increment();
    for (SampleObserver observer : observers) {
      observer.sample(result, phase, cause, transaction, timing);
    }
  }

  /**
   * Records the children of a transaction that generates a parent sample, which arrive only inside
   * it. These are JMeter's sub-results: each counts under its own label and in
   * {@link LabelSummary#OVERALL}, as the children of any other transaction do, and reaches the
   * observers.
   */
  private void recordChildren(SampleResult parent, Phase phase) {
    for (SampleResult child : parent.getSubResults()) {
      boolean nested = TransactionController.isFromTransactionController(child);
      ErrorCause cause = child.isSuccessful() ? null : ErrorClassifier.classify(child);
      count(child, phase, cause, nested, SampleTiming.actual(child));
      if (nested) {
        recordChildren(child, phase);
      }
    }
  }

  /**
   * Summaries of every label in both phases so far, {@link LabelSummary#OVERALL} first; safe to
   * call while the run is still going.
   */
  public List<LabelSummary> summaries() {
    settle();
    synchronized (this) {
      return appliedSummaries();
    }
  }

  private List<LabelSummary> appliedSummaries() {
    List<LabelSummary> result = new ArrayList<>();
    for (String label : statistics.labels()) {
      for (Phase phase : Phase.values()) {
        result.add(merged(label, phase).summary());
      }
    }
    return result;
  }

  /** This recorder's own samples of a label and phase plus every engine's latest snapshot. */
  private LabelAccumulator merged(String label, Phase phase) {
    LabelAccumulator merged = statistics.merged(label, phase);
    engines.addTo(merged, label, phase);
    return merged;
  }

  /** The service-time histogram of one label and phase, empty when never sampled. */
  public Histogram histogram(String label, Phase phase) {
    settle();
    synchronized (this) {
      return merged(label, phase).histogram();
    }
  }

  /** The response-time histogram of one label and phase, empty when never sampled. */
  public Histogram responseHistogram(String label, Phase phase) {
    settle();
    synchronized (this) {
      return merged(label, phase).responseHistogram();
    }
  }

  /**
   * Waits until every sample queued before the call is applied, so a reader sees what it recorded.
   * On the recorder's own thread (an observer reading back) it reads what is applied.
   */
  private void settle() {
    RecordingThread current = recording;
    if (current != null) {
      current.settle();
    }
  }

  /**
   * Takes an engine's aggregated snapshot (aggregate mode) into every figure of this recorder.
   * Observers get the samples new since that engine's previous snapshot as {@link SampleBatch}es.
   * Older or repeated snapshots are ignored.
   */
  public void absorb(RecorderSnapshot snapshot) {
    Optional<EngineSnapshots.Previous> previous;
    boolean first = false;
    synchronized (this) {
      previous = engines.keep(snapshot);
      if (previous.isEmpty()) {
        return;
      }
      for (LabelSnapshot label : snapshot.labels()) {
        statistics.note(label.label());
      }
      if (origin < 0) {
        // No JTL here: the engines write their own, merged at the end of the run.
        origin = snapshot.origin();
        first = true;
      }
    }
    if (first) {
      observers.forEach(o -> o.started(snapshot.origin()));
    }
    observers.forEach(o -> o.engineSnapshot(snapshot));
    for (SampleBatch batch : EngineSnapshots.batches(previous.get().snapshot(), snapshot)) {
      observers.forEach(o -> o.batch(batch));
    }
  }

  /** The latest snapshot of every engine that sent one, by engine. */
  public synchronized Map<String, RecorderSnapshot> engineSnapshots() {
    return engines.byEngine();
  }

  /**
   * The cumulative snapshot of this recorder, for an engine to send to the controller: every
   * sample queued before the call included.
   *
   * @param engine the engine's name as the controller knows it
   * @param sequence increasing per engine and run
   * @param last true at the end of the test
   * @param threads distinct sampling threads seen
   * @param timeline the engine's timeline recorder
   */
  public RecorderSnapshot snapshot(String engine, long sequence, boolean last,
      int threads, TimelineRecorder timeline) {
    settle();
    synchronized (this) {
      return EngineSnapshots.own(statistics, engine, sequence, last, new EngineSnapshots.Facts(
          origin, samples.sum(), maxActiveThreads.get(), threads), timeline);
    }
  }

  /** Epoch ms from which phases are measured, -1 before the test started. */
  public long origin() {
    return origin;
  }

  /** The warm-up window in ms. */
  public long warmUpMillis() {
    return phases.warmUpMillis();
  }

  /** Highest JMeter active-thread count seen on any sample. */
  public int maxActiveThreads() {
    settle();
    synchronized (this) {
      return engines.maxActiveThreads(maxActiveThreads.get());
    }
  }

  /** Samples recorded so far, all labels and phases, engines' snapshots included. */
  public long sampleCount() {
    settle();
    synchronized (this) {
      return samples.sum() + engines.recorded();
    }
  }

  /** Where the JTL goes. */
  public Path jtl() {
    return jtl.path();
  }

  /**
   * Why the JTL holds fewer rows than the run sampled, as the verdict says it; empty while whole.
   * The form is {@code results incomplete: JTL truncated at row N of M (cause)}.
   */
  public Optional<String> jtlIncomplete() {
    settle();
    return jtl.incompleteWarning();
  }

  /** The warning given when the plan's labels passed {@code perf.labels.max}, if they did. */
  public Optional<String> labelCapWarning() {
    return labels.warning();
  }

  /**
   * The warning when users waited for room in the recorder's queue, with how often and how long.
   * The recorder fell behind then, holding the load back; empty when none waited.
   */
  public Optional<String> backpressure() {
    RecordingThread current = recording;
    return current == null ? stoppedBackpressure : current.backpressure();
  }

  /** Applies every sample queued so far and writes their JTL rows to disk. */
  public void flush() {
    settle();
    jtl.flush();
  }

  /**
   * Applies every queued sample, stops the recorder's thread, flushes and closes the JTL;
   * idempotent, and statistics stay readable afterwards.
   */
  @Override
  public void close() {
    RecorderListener.unregister(id);
    RecordingThread current;
    synchronized (starting) {
      current = recording;
      recording = null;
    }
    if (current != null) {
      current.stop();
      stoppedBackpressure = current.backpressure();
    }
    jtl.close();
  }
}
