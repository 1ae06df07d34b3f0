package dev.perfsuite.results;

import dev.perfsuite.config.ScenarioSettings;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.WarmUpOrigin;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;

/**
 * Records every sample of a run into per-label, per-phase statistics and a CSV JTL.
 *
 * <p>A lifecycle object: created per run, started when JMeter starts the test, closed when it
 * ends. The JTL is flushed every second and on close, so an interrupted run keeps what it
 * sampled. Transaction-controller samples get their own label but are kept out of
 * {@link LabelSummary#OVERALL}, which would otherwise count their children twice.
 */
public final class SampleRecorder implements AutoCloseable {
  private static final Map<String, SampleRecorder> ACTIVE = new ConcurrentHashMap<>();
  private static final Duration FLUSH_EVERY = Duration.ofSeconds(1);

  private final String id;
  private final Path jtl;
  private final long warmUpMillis;
  /** perf.warm-up.origin=first-sample: phases as WSO2's splitter cuts them, from the JTL alone. */
  private final boolean fromFirstSample =
      ScenarioSettings.warmUpOrigin() == WarmUpOrigin.FIRST_SAMPLE;
  private long firstStart = Long.MAX_VALUE;
  private final Map<String, LabelAccumulator> warmUp = new LinkedHashMap<>();
  private final Map<String, LabelAccumulator> measurement = new LinkedHashMap<>();
  private final List<String> labelOrder = new ArrayList<>();
  private final List<SampleObserver> observers = new CopyOnWriteArrayList<>();
  private Writer writer;
  private SampleSaveConfiguration saveConfig;
  private ScheduledExecutorService flusher;
  private volatile long origin = -1;
  private int maxActiveThreads;
  private long samples;
  /** The latest snapshot of each remote engine (aggregate mode), merged into every figure. */
  private final Map<String, RecorderSnapshot> engines = new LinkedHashMap<>();

  private SampleRecorder(String id, Path jtl, Duration warmUp) {
    this.id = id;
    this.jtl = jtl;
    this.warmUpMillis = warmUp.toMillis();
  }

  /**
   * A recorder writing its JTL to {@code jtl} (replaced if present) and splitting phases at
   * {@code warmUp} after the start of the test.
   */
  public static SampleRecorder create(Path jtl, Duration warmUp) {
    String id = UUID.randomUUID().toString();
    SampleRecorder recorder = new SampleRecorder(id, jtl, warmUp);
    ACTIVE.put(id, recorder);
    return recorder;
  }

  static SampleRecorder byId(String id) {
    SampleRecorder recorder = ACTIVE.get(id);
    if (recorder == null) {
      throw new IllegalStateException("no active sample recorder " + id);
    }
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

  /** Opens the JTL and fixes the phase origin; called by JMeter when the test starts. */
  synchronized void start(long originMillis) {
    if (writer != null) {
      return;
    }
    try {
      Files.createDirectories(jtl.toAbsolutePath().getParent());
      writer = new BufferedWriter(Files.newBufferedWriter(jtl, StandardCharsets.UTF_8), 1 << 16);
      saveConfig = new SampleSaveConfiguration();
      writer.write(CSVSaveService.printableFieldNamesToString(saveConfig));
      writer.write('\n');
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write JTL " + jtl, e);
    }
    origin = originMillis;
    flusher = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "perf-jtl-flusher");
      t.setDaemon(true);
      return t;
    });
    flusher.scheduleWithFixedDelay(this::flush, FLUSH_EVERY.toMillis(), FLUSH_EVERY.toMillis(),
        TimeUnit.MILLISECONDS);
    for (SampleObserver observer : observers) {
      observer.started(originMillis);
    }
  }

  /** Records one sample; called by JMeter from every sampling thread. */
  void record(SampleEvent event) {
    SampleResult result = event.getResult();
    if (origin < 0) {
      start(System.currentTimeMillis());
    }
    String line = Secrets.mask(CSVSaveService.resultToDelimitedString(event, result, saveConfig,
        ","));
    ErrorCause cause = result.isSuccessful() ? null : ErrorClassifier.classify(result);
    boolean transaction = TransactionController.isFromTransactionController(result);
    long start = result.getStartTime();
    Phase phase;
    String label = result.getSampleLabel();
    long end = result.getEndTime();
    long elapsed = result.getTime();
    long received = result.getBytesAsLong();
    long sent = result.getSentBytes();
    String status = result.getResponseCode();
    synchronized (this) {
      // first-sample: the earliest start so far in JTL order, and "within" includes the edge.
      firstStart = Math.min(firstStart, start);
      phase = fromFirstSample ? (start - firstStart <= warmUpMillis ? Phase.WARM_UP
          : Phase.MEASUREMENT) : (start - origin < warmUpMillis ? Phase.WARM_UP
          : Phase.MEASUREMENT);
      accumulator(label, phase).add(start, end, elapsed, received, sent, cause, status);
      if (!transaction) {
        accumulator(LabelSummary.OVERALL, phase).add(start, end, elapsed, received, sent, cause,
            status);
      }
      maxActiveThreads = Math.max(maxActiveThreads, result.getAllThreads());
      samples++;
      if (writer != null) {
        try {
          writer.write(line);
          writer.write('\n');
        } catch (IOException e) {
          throw new UncheckedIOException("cannot append to JTL " + jtl, e);
        }
      }
    }
    for (SampleObserver observer : observers) {
      observer.sample(result, phase, cause, transaction);
    }
  }

  private LabelAccumulator accumulator(String label, Phase phase) {
    Map<String, LabelAccumulator> byLabel = phase == Phase.WARM_UP ? warmUp : measurement;
    LabelAccumulator accumulator = byLabel.get(label);
    if (accumulator == null) {
      accumulator = new LabelAccumulator(label, phase);
      byLabel.put(label, accumulator);
      if (!labelOrder.contains(label)) {
        labelOrder.add(label);
      }
    }
    return accumulator;
  }

  /**
   * Summaries of every label in both phases so far, {@link LabelSummary#OVERALL} first; safe to
   * call while the run is still going.
   */
  public synchronized List<LabelSummary> summaries() {
    List<LabelSummary> result = new ArrayList<>();
    List<String> order = new ArrayList<>();
    order.add(LabelSummary.OVERALL);
    labelOrder.stream().filter(l -> !l.equals(LabelSummary.OVERALL)).forEach(order::add);
    for (String label : order) {
      for (Phase phase : Phase.values()) {
        result.add(merged(label, phase).summary());
      }
    }
    return result;
  }

  /** This recorder's own samples of a label and phase plus every engine's latest snapshot. */
  private LabelAccumulator merged(String label, Phase phase) {
    LabelAccumulator own = (phase == Phase.WARM_UP ? warmUp : measurement).get(label);
    if (engines.isEmpty()) {
      return own != null ? own : new LabelAccumulator(label, phase);
    }
    LabelAccumulator merged = new LabelAccumulator(label, phase);
    if (own != null) {
      merged.absorb(own.snapshot());
    }
    for (RecorderSnapshot engine : engines.values()) {
      engine.label(label, phase).ifPresent(merged::absorb);
    }
    return merged;
  }

  /** The histogram of one label and phase, empty when never sampled. */
  public synchronized Histogram histogram(String label, Phase phase) {
    return merged(label, phase).histogram();
  }

  /**
   * Takes an engine's aggregated snapshot (aggregate mode): from now on every figure of this
   * recorder includes it, and observers get the samples new since that engine's previous
   * snapshot as {@link SampleBatch}es. Older or repeated snapshots are ignored.
   */
  public void absorb(RecorderSnapshot snapshot) {
    RecorderSnapshot previous;
    boolean first = false;
    synchronized (this) {
      previous = engines.get(snapshot.engine());
      if (previous != null && previous.sequence() >= snapshot.sequence()) {
        return;
      }
      engines.put(snapshot.engine(), snapshot);
      for (LabelSnapshot label : snapshot.labels()) {
        if (!labelOrder.contains(label.label())) {
          labelOrder.add(label.label());
        }
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
    for (LabelSnapshot label : snapshot.labels()) {
      LabelSnapshot before = previous == null ? null
          : previous.label(label.label(), label.phase()).orElse(null);
      if (before != null && before.samples() == label.samples()) {
        continue;
      }
      Histogram delta = label.decodedHistogram();
      Map<ErrorCause, Long> causes = new java.util.EnumMap<>(ErrorCause.class);
      causes.putAll(label.errorsByCause());
      if (before != null) {
        delta.subtract(before.decodedHistogram());
        before.errorsByCause().forEach((c, n) -> causes.merge(c, -n, Long::sum));
      }
      causes.values().removeIf(n -> n == 0);
      SampleBatch batch = new SampleBatch(snapshot.engine(), label.label(), label.phase(), delta,
          causes, snapshot.maxActiveThreads());
      observers.forEach(o -> o.batch(batch));
    }
  }

  /** The latest snapshot of every engine that sent one, by engine. */
  public synchronized Map<String, RecorderSnapshot> engineSnapshots() {
    return new LinkedHashMap<>(engines);
  }

  /**
   * The cumulative snapshot of this recorder, for an engine to send to the controller.
   *
   * @param engine the engine's name as the controller knows it
   * @param sequence increasing per engine and run
   * @param last true at the end of the test
   * @param threads distinct sampling threads seen
   * @param timeline the engine's timeline recorder
   */
  public synchronized RecorderSnapshot snapshot(String engine, long sequence, boolean last,
      int threads, TimelineRecorder timeline) {
    List<LabelSnapshot> labels = new ArrayList<>();
    long overall = 0;
    for (Map<String, LabelAccumulator> byLabel : List.of(warmUp, measurement)) {
      for (LabelAccumulator accumulator : byLabel.values()) {
        LabelSnapshot snapshot = accumulator.snapshot();
        labels.add(snapshot);
        if (snapshot.label().equals(LabelSummary.OVERALL)) {
          overall += snapshot.samples();
        }
      }
    }
    return new RecorderSnapshot(engine, sequence, last, origin, overall, samples,
        maxActiveThreads, threads, labels, timeline.windowMillis(), timeline.windows());
  }

  /** Epoch ms from which phases are measured, -1 before the test started. */
  public long origin() {
    return origin;
  }

  /** The warm-up window in ms. */
  public long warmUpMillis() {
    return warmUpMillis;
  }

  /** Highest JMeter active-thread count seen on any sample. */
  public synchronized int maxActiveThreads() {
    return engines.values().stream().mapToInt(RecorderSnapshot::maxActiveThreads)
        .reduce(maxActiveThreads, Math::max);
  }

  /** Samples recorded so far, all labels and phases, engines' snapshots included. */
  public synchronized long sampleCount() {
    return samples + engines.values().stream().mapToLong(RecorderSnapshot::recorded).sum();
  }

  /** Where the JTL goes. */
  public Path jtl() {
    return jtl;
  }

  /** Writes buffered JTL lines to disk. */
  public synchronized void flush() {
    if (writer != null) {
      try {
        writer.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot flush JTL " + jtl, e);
      }
    }
  }

  /** Flushes and closes the JTL; idempotent, and statistics stay readable afterwards. */
  @Override
  public synchronized void close() {
    ACTIVE.remove(id);
    if (flusher != null) {
      flusher.shutdownNow();
    }
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot close JTL " + jtl, e);
      } finally {
        writer = null;
      }
    }
  }
}
