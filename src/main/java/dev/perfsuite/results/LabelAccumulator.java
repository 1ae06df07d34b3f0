package dev.perfsuite.results;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Running statistics of one label in one phase; not thread-safe, the recorder serialises access.
 *
 * <p>Response times go into an auto-resizing HdrHistogram with 3 significant digits (exact below
 * 2048 ms); mean and variance use Welford's update so they stay exact for long runs.
 */
public final class LabelAccumulator {
  private static final double[] LEVELS = {50, 75, 90, 95, 98, 99, 99.9};

  private final String label;
  private final Phase phase;
  private final Histogram histogram = new Histogram(3);
  private long samples;
  private long errors;
  private double mean;
  private double squaredDeviations;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private long firstStart = Long.MAX_VALUE;
  private long lastEnd = Long.MIN_VALUE;
  private long receivedBytes;
  private long sentBytes;
  private final Map<ErrorCause, Long> causes = new EnumMap<>(ErrorCause.class);
  private final Map<String, Long> statuses = new TreeMap<>();

  LabelAccumulator(String label, Phase phase) {
    this.label = label;
    this.phase = phase;
  }

  /** An empty accumulator for {@code label} in {@code phase}. */
  public static LabelAccumulator of(String label, Phase phase) {
    return new LabelAccumulator(label, phase);
  }

  /** Adds one sample; times in ms (epoch for start and end), sizes in bytes. */
  public void add(long startMillis, long endMillis, long elapsedMillis, long received, long sent,
      ErrorCause cause, String status) {
    long elapsed = Math.max(0, elapsedMillis);
    histogram.recordValue(elapsed);
    samples++;
    double delta = elapsed - mean;
    mean += delta / samples;
    squaredDeviations += delta * (elapsed - mean);
    min = Math.min(min, elapsed);
    max = Math.max(max, elapsed);
    firstStart = Math.min(firstStart, startMillis);
    lastEnd = Math.max(lastEnd, endMillis);
    receivedBytes += received;
    sentBytes += sent;
    if (cause != null) {
      errors++;
      causes.merge(cause, 1L, Long::sum);
      if (cause == ErrorCause.HTTP_STATUS) {
        statuses.merge(status, 1L, Long::sum);
      }
    }
  }

  /** The statistics so far. */
  public LabelSummary summary() {
    if (samples == 0) {
      return new LabelSummary(label, phase, 0, 0, LatencyStats.empty(), 0, 0, 0, -1, -1, Map.of(),
          Map.of());
    }
    long[] p = new long[LEVELS.length];
    for (int i = 0; i < LEVELS.length; i++) {
      p[i] = histogram.getValueAtPercentile(LEVELS[i]);
    }
    LatencyStats latency = new LatencyStats(min, max, mean, Math.sqrt(squaredDeviations / samples),
        p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
    double seconds = Math.max(1, lastEnd - firstStart) / 1000.0;
    return new LabelSummary(label, phase, samples, errors, latency, samples / seconds,
        receivedBytes / 1024.0 / seconds, sentBytes / 1024.0 / seconds, firstStart, lastEnd,
        causes, statuses);
  }

  /** The cumulative state, for an engine's snapshot to the controller. */
  LabelSnapshot snapshot() {
    return new LabelSnapshot(label, phase, LabelSnapshot.encode(histogram), samples, errors, mean,
        squaredDeviations, min, max, firstStart, lastEnd, receivedBytes, sentBytes, causes,
        statuses);
  }

  /**
   * Adds another engine's statistics of the same label and phase: histogram addition, and Chan's
   * parallel formula for mean and squared deviations, so the result equals one accumulator fed
   * both sample streams.
   */
  void absorb(LabelSnapshot other) {
    if (other.samples() == 0) {
      return;
    }
    histogram.add(other.decodedHistogram());
    long total = samples + other.samples();
    double delta = other.mean() - mean;
    squaredDeviations += other.squaredDeviations()
        + delta * delta * samples * (double) other.samples() / total;
    mean += delta * other.samples() / total;
    samples = total;
    errors += other.errors();
    min = Math.min(min, other.min());
    max = Math.max(max, other.max());
    firstStart = Math.min(firstStart, other.firstStart());
    lastEnd = Math.max(lastEnd, other.lastEnd());
    receivedBytes += other.receivedBytes();
    sentBytes += other.sentBytes();
    other.errorsByCause().forEach((cause, n) -> causes.merge(cause, n, Long::sum));
    other.errorsByStatus().forEach((status, n) -> statuses.merge(status, n, Long::sum));
  }

  /** A copy of the histogram, for exporters that need the whole distribution. */
  Histogram histogram() {
    return histogram.copy();
  }
}
