package dev.perfsuite.engines;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunSummary;
import dev.perfsuite.results.SampleObserver;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Splits a distributed run's samples by the engine that produced them, for the per-engine
 * breakdown, the sample reconciliation and the liveness watchdog.
 *
 * <p>JMeter names a remote engine's threads {@code host:port-<thread group> n-m}, with the
 * {@code host:port} the controller was given, so the prefix tells the engine. Every sample still
 * reaches the run's own recorder; this observer only keeps per-engine counters, so its memory is
 * one histogram and one thread-name set per engine.
 */
final class EngineBreakdown implements SampleObserver {
  private static final double[] LEVELS = {50, 75, 90, 95, 98, 99, 99.9};

  private final Map<String, Tally> tallies = new LinkedHashMap<>();
  private final AtomicLong unattributed = new AtomicLong();

  EngineBreakdown(List<String> engines) {
    engines.forEach(e -> tallies.put(e, new Tally(e)));
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction) {
    Tally tally = engineOf(result.getThreadName());
    if (tally == null) {
      unattributed.incrementAndGet();
      return;
    }
    tally.add(result, phase, cause, transaction);
  }

  private Tally engineOf(String threadName) {
    if (threadName == null) {
      return null;
    }
    for (Map.Entry<String, Tally> entry : tallies.entrySet()) {
      if (threadName.startsWith(entry.getKey() + "-")) {
        return entry.getValue();
      }
    }
    return null;
  }

  /** Measurement-phase overall summary per engine, in the order of {@code perf.remotes}. */
  Map<String, RunSummary> summaries() {
    Map<String, RunSummary> result = new LinkedHashMap<>();
    tallies.forEach((engine, tally) -> result.put(engine, tally.summary()));
    return result;
  }

  /** Samples of every phase per engine, transaction parents excluded. */
  Map<String, Long> samples() {
    Map<String, Long> result = new LinkedHashMap<>();
    tallies.forEach((engine, tally) -> result.put(engine, tally.total()));
    return result;
  }

  /** Distinct sampling threads seen per engine. */
  Map<String, Integer> threads() {
    Map<String, Integer> result = new LinkedHashMap<>();
    tallies.forEach((engine, tally) -> result.put(engine, tally.threads()));
    return result;
  }

  /** Nano time of each engine's latest sample, or -1 when it has sent none yet. */
  Map<String, Long> lastSampleNanos() {
    Map<String, Long> result = new LinkedHashMap<>();
    tallies.forEach((engine, tally) -> result.put(engine, tally.lastSeenNanos()));
    return result;
  }

  /** Samples whose thread name names no configured engine (should stay 0). */
  long unattributed() {
    return unattributed.get();
  }

  /** One engine's counters; callers are RMI threads, so every method is synchronized. */
  private static final class Tally {
    private final String engine;
    private final Histogram histogram = new Histogram(3);
    private final Set<String> threadNames = new HashSet<>();
    private final Map<ErrorCause, Long> causes = new EnumMap<>(ErrorCause.class);
    private final Map<String, Long> statuses = new TreeMap<>();
    private long total;
    private long samples;
    private long errors;
    private double sum;
    private double squares;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long received;
    private long sent;
    private volatile long lastSeenNanos = -1;

    Tally(String engine) {
      this.engine = engine;
    }

    synchronized void add(SampleResult result, Phase phase, ErrorCause cause,
        boolean transaction) {
      lastSeenNanos = System.nanoTime();
      threadNames.add(result.getThreadName());
      if (transaction) {
        return;
      }
      total++;
      if (phase != Phase.MEASUREMENT) {
        return;
      }
      long elapsed = Math.max(0, result.getTime());
      histogram.recordValue(elapsed);
      samples++;
      sum += elapsed;
      squares += (double) elapsed * elapsed;
      min = Math.min(min, elapsed);
      max = Math.max(max, elapsed);
      firstStart = Math.min(firstStart, result.getStartTime());
      lastEnd = Math.max(lastEnd, result.getEndTime());
      received += result.getBytesAsLong();
      sent += result.getSentBytes();
      if (cause != null) {
        errors++;
        causes.merge(cause, 1L, Long::sum);
        if (cause == ErrorCause.HTTP_STATUS) {
          statuses.merge(result.getResponseCode(), 1L, Long::sum);
        }
      }
    }

    synchronized long total() {
      return total;
    }

    synchronized int threads() {
      return threadNames.size();
    }

    long lastSeenNanos() {
      return lastSeenNanos;
    }

    synchronized RunSummary summary() {
      String label = engine;
      if (samples == 0) {
        return new RunSummary(label, Phase.MEASUREMENT, 0, 0, LatencyStats.empty(), 0, 0, 0, -1,
            -1, Map.of(), Map.of());
      }
      long[] p = new long[LEVELS.length];
      for (int i = 0; i < LEVELS.length; i++) {
        p[i] = histogram.getValueAtPercentile(LEVELS[i]);
      }
      double mean = sum / samples;
      double deviation = Math.sqrt(Math.max(0, squares / samples - mean * mean));
      LatencyStats latency = new LatencyStats(min, max, mean, deviation, p[0], p[1], p[2], p[3],
          p[4], p[5], p[6]);
      double seconds = Math.max(1, lastEnd - firstStart) / 1000.0;
      return new RunSummary(label, Phase.MEASUREMENT, samples, errors, latency, samples / seconds,
          received / 1024.0 / seconds, sent / 1024.0 / seconds, firstStart, lastEnd, causes,
          statuses);
    }
  }
}
