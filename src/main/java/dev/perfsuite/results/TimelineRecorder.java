package dev.perfsuite.results;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
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
 * monitor, this was half of the suite's lock waits on the sample path (JFR, 50 users, bench
 * generator-cost.md). Readers see a window that may still be filling.
 */
public final class TimelineRecorder implements SampleObserver {
  private final Duration window;
  private final long windowMillis;
  private final Map<Long, Map<String, Bucket>> windows = new ConcurrentSkipListMap<>();
  private final Map<String, List<WindowSnapshot>> engines = new java.util.LinkedHashMap<>();
  private volatile long origin = -1;

  private TimelineRecorder(Duration window) {
    this.window = window;
    this.windowMillis = window.toMillis();
  }

  /** A recorder with windows of {@code window}, at least one millisecond. */
  public static TimelineRecorder every(Duration window) {
    if (window.toMillis() < 1) {
      throw new IllegalArgumentException("timeline window must be at least 1 ms: " + window);
    }
    return new TimelineRecorder(window);
  }

  @Override
  public void started(long originMillis) {
    origin = originMillis;
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction) {
    long start = result.getStartTime();
    long base = origin < 0 ? start : origin;
    long index = Math.max(0, (start - base) / windowMillis);
    long elapsed = result.getTime();
    int threads = result.getAllThreads();
    boolean error = cause != null;
    Map<String, Bucket> byLabel = windows.computeIfAbsent(index,
        i -> new ConcurrentSkipListMap<>());
    byLabel.computeIfAbsent(result.getSampleLabel(), l -> new Bucket(phase))
        .add(elapsed, error, threads);
    if (!transaction) {
      byLabel.computeIfAbsent(LabelSummary.OVERALL, l -> new Bucket(phase))
          .add(elapsed, error, threads);
    }
  }

  /** The timeline so far, engines' snapshots merged in; safe to call while the run is going. */
  public synchronized Timeline timeline() {
    Map<Long, Map<String, Bucket>> all = windows;
    if (!engines.isEmpty()) {
      all = new TreeMap<>();
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

  /** Width of the windows in ms. */
  public long windowMillis() {
    return windowMillis;
  }

  /** Every window so far, encoded for an engine's snapshot. */
  public synchronized List<WindowSnapshot> windows() {
    List<WindowSnapshot> result = new ArrayList<>();
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

    TimelinePoint point(String label, Duration offset) {
      return new TimelinePoint(label, offset, phase, histogram.getTotalCount(), errors.sum(),
          histogram.getValueAtPercentile(50), histogram.getValueAtPercentile(90),
          histogram.getValueAtPercentile(95), histogram.getValueAtPercentile(99),
          maxThreads.get());
    }
  }
}
