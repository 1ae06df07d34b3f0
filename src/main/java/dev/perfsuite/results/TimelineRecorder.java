package dev.perfsuite.results;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Cuts a run into fixed windows per label, each with its own small histogram, to build the
 * {@link Timeline} that over-time charts and per-window statistics read.
 *
 * <p>Histograms here keep two significant digits (1 % resolution), enough for a chart and a
 * tenth of the memory of the exact per-phase histograms the verdicts use.
 *
 * <p>Sampling threads record without a lock (concurrent maps, wait-free histograms): under a
 * monitor, this is half of the suite's lock waits on the sample path. Readers see a window
 * that may still be filling.
 *
 * <p>A window a minute (at least two windows) behind the newest is settled: its histograms are
 * kept compressed (a few hundred bytes instead of a few KiB), so a long run's memory grows by
 * bytes per window, not by a live histogram per window and label, which grows a 30-minute
 * soak's heap (both figures: docs/performance.md, "Figures behind design choices"). A sample
 * that starts in a settled window (a request longer than the settling lag) opens a fresh bucket
 * beside it, merged on read. A sample landing in the instant its window settles may be missing
 * from the charts; verdicts never read the timeline, only the exact per-phase histograms.
 */
public final class TimelineRecorder implements SampleObserver {
  private static final Duration SETTLE_AFTER = Duration.ofMinutes(1);
  private final Duration window;
  private final long windowMillis;
  private final Map<Long, Map<String, Bucket>> windows = new ConcurrentSkipListMap<>();
  private final Map<Long, Map<String, Settled>> settled = new ConcurrentSkipListMap<>();
  private final long settleLag;
  private final AtomicLong newest = new AtomicLong(-1);
  /** Its own cap of the recorder's size, silent: the recorder warns. */
  private final LabelCap labels;
  private final Map<String, List<WindowSnapshot>> engines = new LinkedHashMap<>();
  private volatile long origin = -1;

  private TimelineRecorder(Duration window, int labelsMax) {
    this.window = window;
    this.labels = LabelCap.of(labelsMax, false);
    this.windowMillis = window.toMillis();
    this.settleLag = Math.max(2, SETTLE_AFTER.toMillis() / windowMillis);
  }

  /**
   * A recorder with windows of {@code window}, at least one millisecond, keeping as many labels
   * as the run's recorder ({@code labelsMax}, the run's {@code perf.labels.max}).
   */
  public static TimelineRecorder every(Duration window, int labelsMax) {
    if (window.toMillis() < 1) {
      throw new IllegalArgumentException("timeline window must be at least 1 ms: " + window);
    }
    return new TimelineRecorder(window, labelsMax);
  }

  @Override
  public void started(long originMillis) {
    origin = originMillis;
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing) {
    long start = result.getStartTime();
    long base = origin < 0 ? start : origin;
    long index = Math.max(0, (start - base) / windowMillis);
    long elapsed = result.getTime();
    int threads = result.getAllThreads();
    boolean error = cause != null;
    if (index > newest.get() && newest.getAndAccumulate(index, Math::max) < index) {
      settleBefore(index - settleLag);
    }
    Map<String, Bucket> byLabel = windows.computeIfAbsent(index,
        i -> new ConcurrentSkipListMap<>());
    byLabel.computeIfAbsent(labels.of(result.getSampleLabel()), l -> new Bucket(phase))
        .add(elapsed, error, threads);
    if (!transaction) {
      byLabel.computeIfAbsent(LabelSummary.OVERALL, l -> new Bucket(phase))
          .add(elapsed, error, threads);
    }
  }

  /** Compresses the windows before {@code index}: the first sample of a new window calls it. */
  private synchronized void settleBefore(long index) {
    for (Map.Entry<Long, Map<String, Bucket>> entry : windows.entrySet()) {
      if (entry.getKey() >= index) {
        break;
      }
      windows.remove(entry.getKey());
      Map<String, Settled> into = settled.computeIfAbsent(entry.getKey(),
          i -> new ConcurrentSkipListMap<>());
      entry.getValue().forEach((label, bucket) -> into.merge(label, bucket.settle(),
          Settled::plus));
    }
  }

  /** The timeline so far, engines' snapshots merged in; safe to call while the run is going. */
  public synchronized Timeline timeline() {
    Map<Long, Map<String, Bucket>> all = windows;
    if (!engines.isEmpty() || !settled.isEmpty()) {
      all = new TreeMap<>();
      for (Map.Entry<Long, Map<String, Settled>> entry : settled.entrySet()) {
        Map<String, Bucket> copy = all.computeIfAbsent(entry.getKey(), i -> new TreeMap<>());
        entry.getValue().forEach((label, s) -> copy.computeIfAbsent(label,
            l -> new Bucket(s.phase())).absorb(LabelSnapshot.decode(s.histogram()), s.errors(),
            s.maxThreads()));
      }
      for (Map.Entry<Long, Map<String, Bucket>> entry : windows.entrySet()) {
        Map<String, Bucket> copy = all.computeIfAbsent(entry.getKey(), i -> new TreeMap<>());
        entry.getValue().forEach((label, bucket) -> copy.computeIfAbsent(label,
            l -> new Bucket(bucket.phase)).absorb(bucket.histogram, bucket.errors.sum(),
            bucket.maxThreads.get()));
      }
      for (List<WindowSnapshot> engine : engines.values()) {
        for (WindowSnapshot w : engine) {
          all.computeIfAbsent(w.index(), i -> new TreeMap<>())
              .computeIfAbsent(w.label(), l -> new Bucket(w.phase()))
              .absorb(LabelSnapshot.decode(w.histogram()), w.errors(), w.maxActiveThreads());
        }
      }
    }
    List<TimelinePoint> points = new ArrayList<>();
    all.forEach((index, byLabel) -> byLabel.forEach((label, bucket) ->
        points.add(bucket.point(label, window.multipliedBy(index)))));
    return new Timeline(window, points);
  }

  /** Windows settled so far (compressed), for tests. */
  synchronized int settledWindows() {
    return settled.size();
  }

  /** Width of the windows in ms. */
  public long windowMillis() {
    return windowMillis;
  }

  /** Every window so far, encoded for an engine's snapshot. */
  public synchronized List<WindowSnapshot> windows() {
    List<WindowSnapshot> result = new ArrayList<>();
    settled.forEach((index, byLabel) -> byLabel.forEach((label, s) -> result.add(
        new WindowSnapshot(index, label, s.phase(), s.histogram(), s.errors(),
            s.maxThreads()))));
    windows.forEach((index, byLabel) -> byLabel.forEach((label, bucket) -> result.add(
        new WindowSnapshot(index, label, bucket.phase, LabelSnapshot.encode(bucket.histogram),
            bucket.errors.sum(), bucket.maxThreads.get()))));
    return result;
  }

  /** Keeps the engine's latest windows; windows of every engine are added up by index. */
  @Override
  public synchronized void engineSnapshot(RecorderSnapshot snapshot) {
    if (snapshot.windowMillis() != windowMillis) {
      throw new IllegalStateException("engine " + snapshot.engine() + " cut its timeline in "
          + snapshot.windowMillis() + " ms windows, the controller in " + windowMillis);
    }
    engines.put(snapshot.engine(), snapshot.timeline());
  }

  private static final class Bucket {
    private final Phase phase;
    private final Histogram histogram = new ConcurrentHistogram(2);
    private final LongAdder errors = new LongAdder();
    private final AtomicInteger maxThreads = new AtomicInteger();

    Bucket(Phase phase) {
      this.phase = phase;
    }

    void add(long elapsed, boolean error, int threads) {
      histogram.recordValue(Math.max(0, elapsed));
      if (error) {
        errors.increment();
      }
      if (threads > maxThreads.get()) {
        maxThreads.accumulateAndGet(threads, Math::max);
      }
    }

    void absorb(Histogram other, long otherErrors, int threads) {
      histogram.add(other);
      errors.add(otherErrors);
      maxThreads.accumulateAndGet(threads, Math::max);
    }

    Settled settle() {
      return new Settled(phase, LabelSnapshot.encode(histogram), errors.sum(), maxThreads.get());
    }

    TimelinePoint point(String label, Duration offset) {
      return new TimelinePoint(label, offset, phase, histogram.getTotalCount(), errors.sum(),
          histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(90),
          histogram.getValueAtPercentile(95), histogram.getValueAtPercentile(99),
          maxThreads.get());
    }
  }

  /** A settled window of one label: its histogram compressed. */
  private record Settled(Phase phase, byte[] histogram, long errors, int maxThreads) {
    Settled plus(Settled other) {
      Histogram sum = LabelSnapshot.decode(histogram);
      sum.add(LabelSnapshot.decode(other.histogram));
      return new Settled(phase, LabelSnapshot.encode(sum), errors + other.errors,
          Math.max(maxThreads, other.maxThreads));
    }
  }
}
