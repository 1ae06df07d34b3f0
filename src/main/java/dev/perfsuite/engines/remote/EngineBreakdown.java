package dev.perfsuite.engines.remote;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelAccumulator;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
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
  private final Map<String, Tally> tallies = new LinkedHashMap<>();
  private final AtomicLong unattributed = new AtomicLong();

  EngineBreakdown(List<String> engines) {
    engines.forEach(e -> tallies.put(e, new Tally(e)));
  }

  @Override
  public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing) {
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
  Map<String, LabelSummary> summaries() {
    Map<String, LabelSummary> result = new LinkedHashMap<>();
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
    private final LabelAccumulator measured;
    private final Set<String> threadNames = new HashSet<>();
    private long total;
    private volatile long lastSeenNanos = -1;

    Tally(String engine) {
      this.measured = LabelAccumulator.of(engine, Phase.MEASUREMENT);
    }

    synchronized void add(SampleResult result, Phase phase, ErrorCause cause,
        boolean transaction) {
      lastSeenNanos = System.nanoTime();
      threadNames.add(result.getThreadName());
      if (transaction) {
        return;
      }
      total++;
      if (phase == Phase.MEASUREMENT) {
        measured.add(result.getStartTime(), result.getEndTime(), result.getTime(),
            result.getBytesAsLong(), result.getSentBytes(), cause, result.getResponseCode());
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

    synchronized LabelSummary summary() {
      return measured.summary();
    }
  }
}
