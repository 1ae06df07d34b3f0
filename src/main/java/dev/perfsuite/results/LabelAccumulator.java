package dev.perfsuite.results;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Running statistics of one label in one phase; not thread-safe, the recorder serialises access.
 *
 * <p>Two distributions per label and phase, both in auto-resizing HdrHistograms with 3
 * significant digits (exact below 2048 ms):
 * <ul>
 *   <li><b>service time</b>, JMeter's elapsed (end minus actual send); its mean and variance use
 *       Welford's update, so they stay exact for long runs;
 *   <li><b>response time</b>, what a user saw: end minus the intended start when the open model's
 *       schedule set one, otherwise the service time corrected for coordinated omission with the
 *       user's expected interval (HdrHistogram's {@code recordValueWithExpectedInterval}) when
 *       the sample was a stall. Its mean comes from the histogram.
 * </ul>
 */
public final class LabelAccumulator {
  private static final double[] LEVELS = {50, 75, 90, 95, 98, 99, 99.9};
  /** A start more than this after its intended start counts as late (no user was free). */
  static final long LATE_MILLIS = 10;

  private final String label;
  private final Phase phase;
  private final Histogram histogram = new Histogram(3);
  private final Histogram response = new Histogram(3);
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
  private long lateStarts;
  private long maxLag;
  private long stalls;
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

  /**
   * Adds one sample with no schedule and no correction: its response time is its service time.
   * Times in ms (epoch for start and end), sizes in bytes.
   */
  public void add(long startMillis, long endMillis, long elapsedMillis, long received, long sent,
      ErrorCause cause, String status) {
    add(SampleTiming.actual(startMillis, endMillis, elapsedMillis), received, sent, cause, status);
  }

  /** Adds one sample with its timing (intended start or expected interval); sizes in bytes. */
  public void add(SampleTiming timing, long received, long sent, ErrorCause cause,
      String status) {
    long elapsed = Math.max(0, timing.elapsedMillis());
    histogram.recordValue(elapsed);
    samples++;
    double delta = elapsed - mean;
    mean += delta / samples;
    squaredDeviations += delta * (elapsed - mean);
    min = Math.min(min, elapsed);
    max = Math.max(max, elapsed);
    firstStart = Math.min(firstStart, timing.startMillis());
    lastEnd = Math.max(lastEnd, timing.endMillis());
    receivedBytes += received;
    sentBytes += sent;
    recordResponse(timing, elapsed);
    if (cause != null) {
      errors++;
      causes.merge(cause, 1L, Long::sum);
      if (cause == ErrorCause.HTTP_STATUS) {
        statuses.merge(status, 1L, Long::sum);
      }
    }
  }

  private void recordResponse(SampleTiming timing, long elapsed) {
    if (timing.intendedMillis() >= 0) {
      long lag = Math.max(0, timing.startMillis() - timing.intendedMillis());
      response.recordValue(elapsed + lag);
      maxLag = Math.max(maxLag, lag);
      if (lag > LATE_MILLIS) {
        lateStarts++;
      }
    } else if (timing.isStall()) {
      response.recordValueWithExpectedInterval(elapsed, timing.expectedIntervalMillis());
      stalls++;
    } else {
      response.recordValue(elapsed);
    }
  }

  /** The statistics so far. */
  public LabelSummary summary() {
    if (samples == 0) {
      return new LabelSummary(label, phase, 0, 0, LatencyStats.empty(), 0, 0, 0, -1, -1, Map.of(),
          Map.of(), LatencyStats.empty(), 0, 0, 0);
    }
    LatencyStats latency = stats(histogram, min, max, mean, Math.sqrt(squaredDeviations / samples));
    LatencyStats responseStats = stats(response, response.getMinValue(), response.getMaxValue(),
        response.getMean(), response.getStdDeviation());
    double seconds = Math.max(1, lastEnd - firstStart) / 1000.0;
    return new LabelSummary(label, phase, samples, errors, latency, samples / seconds,
        receivedBytes / 1024.0 / seconds, sentBytes / 1024.0 / seconds, firstStart, lastEnd,
        causes, statuses, responseStats, lateStarts, maxLag, stalls);
  }

  private static LatencyStats stats(Histogram h, long min, long max, double mean, double sd) {
    long[] p = new long[LEVELS.length];
    for (int i = 0; i < LEVELS.length; i++) {
      p[i] = h.getValueAtPercentile(LEVELS[i]);
    }
    return new LatencyStats(min, max, mean, sd, p[0], p[1], p[2], p[3], p[4], p[5], p[6]);
  }

  /** The cumulative state, for an engine's snapshot to the controller. */
  LabelSnapshot snapshot() {
    return new LabelSnapshot(label, phase, LabelSnapshot.encode(histogram), samples, errors, mean,
        squaredDeviations, min, max, firstStart, lastEnd, receivedBytes, sentBytes, causes,
        statuses, LabelSnapshot.encode(response), lateStarts, maxLag, stalls);
  }

  /**
   * Adds another engine's statistics of the same label and phase, as if one accumulator had seen
   * both. It uses histogram addition, and Chan's parallel formula for mean and squared deviations,
   * so the result equals one accumulator fed both sample streams.
   */
  void absorb(LabelSnapshot other) {
    if (other.samples() == 0) {
      return;
    }
    merge(other.decodedHistogram(), other.decodedResponse(), other.samples(), other.errors(),
        other.mean(), other.squaredDeviations(), other.min(), other.max(), other.firstStart(),
        other.lastEnd(), other.receivedBytes(), other.sentBytes(), other.errorsByCause(),
        other.errorsByStatus());
    lateStarts += other.lateStarts();
    maxLag = Math.max(maxLag, other.maxLagMillis());
    stalls += other.stalls();
  }

  /** Adds another accumulator of the same label and phase (a recorder's stripes, merged). */
  void absorb(LabelAccumulator other) {
    if (other.samples == 0) {
      return;
    }
    merge(other.histogram, other.response, other.samples, other.errors, other.mean,
        other.squaredDeviations, other.min, other.max, other.firstStart, other.lastEnd,
        other.receivedBytes, other.sentBytes, other.causes, other.statuses);
    lateStarts += other.lateStarts;
    maxLag = Math.max(maxLag, other.maxLag);
    stalls += other.stalls;
  }

  private void merge(Histogram otherHistogram, Histogram otherResponse, long otherSamples,
      long otherErrors, double otherMean, double otherSquaredDeviations, long otherMin,
      long otherMax, long otherFirstStart, long otherLastEnd, long otherReceived, long otherSent,
      Map<ErrorCause, Long> otherCauses, Map<String, Long> otherStatuses) {
    histogram.add(otherHistogram);
    response.add(otherResponse);
    long total = samples + otherSamples;
    double delta = otherMean - mean;
    squaredDeviations += otherSquaredDeviations
        + delta * delta * samples * (double) otherSamples / total;
    mean += delta * otherSamples / total;
    samples = total;
    errors += otherErrors;
    min = Math.min(min, otherMin);
    max = Math.max(max, otherMax);
    firstStart = Math.min(firstStart, otherFirstStart);
    lastEnd = Math.max(lastEnd, otherLastEnd);
    receivedBytes += otherReceived;
    sentBytes += otherSent;
    otherCauses.forEach((cause, n) -> causes.merge(cause, n, Long::sum));
    otherStatuses.forEach((status, n) -> statuses.merge(status, n, Long::sum));
  }

  /** A copy of the service-time histogram, for exporters that need the whole distribution. */
  Histogram histogram() {
    return histogram.copy();
  }

  /** A copy of the response-time histogram. */
  Histogram responseHistogram() {
    return response.copy();
  }
}
