package dev.perfsuite.engines;

import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.config.settings.LatencyRule;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleBatch;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Stops a run early when a latency percentile over a sliding window exceeds its limit
 * ({@code perf.abort.latency}). Beside {@link ErrorRateAbort}, a target that turned slow costs one
 * window, not the rest of a soak. Results so far are kept; the run ends as interrupted, its
 * warnings name the rule, and {@link #lastBreach()} tells the verdict which rule fired and when.
 *
 * <p>Measurement-phase samples only: a cold warm-up is slow by design. Each second of end times
 * has one HdrHistogram per figure in a small ring (wait-free recording); the rules are judged on
 * the merged seconds of the last whole window, once the measurement phase has lasted a window and
 * the window holds at least {@value #MIN_SAMPLES} samples. In the aggregated distributed mode the
 * engines' batches (one latency figure) count for both figures, at the second they arrive.
 */
public final class LatencyAbort implements RunWatcher {
  /** Fewer samples than this in the window never stop a run. */
  static final int MIN_SAMPLES = 5;

  private final List<LatencyRule> rules;
  private final Duration window;
  private final LongSupplier clock;
  private volatile Ring current;
  private volatile LatencyBreach breach;

  LatencyAbort(List<LatencyRule> rules, Duration window, LongSupplier clock) {
    if (rules.isEmpty()) {
      throw new IllegalArgumentException("a latency abort needs at least one rule");
    }
    if (window.toSeconds() < 1) {
      throw new IllegalArgumentException("latency window must be at least 1 s: " + window);
    }
    this.rules = List.copyOf(rules);
    this.window = window;
    this.clock = clock;
  }

  /**
   * Stops a run once any of {@code rules} is breached over the last {@code window}
   * ({@code perf.abort.latency}, {@code perf.abort.latency-window}).
   */
  public static LatencyAbort when(List<LatencyRule> rules, Duration window) {
    return new LatencyAbort(rules, window, System::currentTimeMillis);
  }

  /** The rule that stopped the last run, empty when none fired (or a run is under way). */
  public Optional<LatencyBreach> lastBreach() {
    return Optional.ofNullable(breach);
  }

  @Override
  public SampleObserver runStarting(RunContext run) {
    breach = null;
    Ring ring = new Ring((int) window.toSeconds() + 2);
    current = ring;
    return ring;
  }

  @Override
  public Optional<String> stopRequest() {
    Ring ring = current;
    if (ring == null || breach != null) {
      return Optional.empty();
    }
    long now = clock.getAsLong();
    Optional<LatencyBreach> found = ring.breach(now / 1000);
    found.ifPresent(b -> breach = b);
    return found.map(LatencyAbort::reason);
  }

  @Override
  public void runEnded(RunContext run, RunResult result) {
    current = null;
  }

  private static String reason(LatencyBreach b) {
    return String.format(Locale.ROOT, "latency rule %s breached at %s (perf.abort.latency, "
            + "perf.abort.latency-window): %s p%s was %d ms over the last %d s (%d samples). The "
            + "results up to here are kept. Fix the target's latency (or raise the limit, or set "
            + "perf.abort.latency=off) and run again", b.rule(), b.at(),
        b.rule().figure().name().toLowerCase(Locale.ROOT), b.rule().percentileText(),
        b.actualMillis(), b.window().toSeconds(), b.samples());
  }

  /** Per-second latency histograms of one run, per figure. */
  private final class Ring implements SampleObserver {
    private final int slots;
    private final AtomicLongArray second;
    private final Map<LatencyFigure, ConcurrentHistogram[]> figures =
        new EnumMap<>(LatencyFigure.class);
    private volatile long firstSecond = Long.MAX_VALUE;

    Ring(int slots) {
      this.slots = slots;
      this.second = new AtomicLongArray(slots);
      for (LatencyFigure figure : LatencyFigure.values()) {
        ConcurrentHistogram[] ring = new ConcurrentHistogram[slots];
        for (int i = 0; i < slots; i++) {
          ring[i] = new ConcurrentHistogram(3);
        }
        figures.put(figure, ring);
      }
    }

    @Override
    public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
        SampleTiming timing) {
      if (transaction || phase != Phase.MEASUREMENT) {
        return;
      }
      int slot = slot(timing.endMillis() / 1000);
      if (slot < 0) {
        return;
      }
      figures.get(LatencyFigure.SERVICE)[slot].recordValue(Math.max(0, timing.elapsedMillis()));
      ConcurrentHistogram response = figures.get(LatencyFigure.RESPONSE)[slot];
      response.recordValue(timing.responseMillis());
      timing.filledIn().forEach(response::recordValue);
    }

    @Override
    public void batch(SampleBatch batch) {
      if (!batch.overall() || batch.phase() != Phase.MEASUREMENT) {
        return;
      }
      int slot = slot(clock.getAsLong() / 1000);
      if (slot >= 0) {
        figures.values().forEach(ring -> ring[slot].add(batch.latencies()));
      }
    }

    /** The slot of second {@code sec}, recycled when it held an older second; -1 if too late. */
    private int slot(long sec) {
      if (sec < firstSecond) {
        firstSecond = sec;
      }
      int slot = (int) (sec % slots);
      long seen = second.get(slot);
      if (seen == sec) {
        return slot;
      }
      if (seen > sec) {
        return -1;
      }
      if (second.compareAndSet(slot, seen, sec)) {
        figures.values().forEach(ring -> ring[slot].reset());
        return slot;
      }
      // Another thread recycled the slot first: fine if it did so for this very second.
      return second.get(slot) == sec ? slot : -1;
    }

    /** The first rule breached over the seconds before {@code now}, judged at {@code now}. */
    Optional<LatencyBreach> breach(long now) {
      long seconds = window.toSeconds();
      if (firstSecond == Long.MAX_VALUE || now - firstSecond < seconds) {
        return Optional.empty();
      }
      Map<LatencyFigure, Histogram> merged = new EnumMap<>(LatencyFigure.class);
      figures.forEach((figure, ring) -> {
        Histogram sum = new Histogram(3);
        for (long s = now - seconds; s < now; s++) {
          int slot = (int) (s % slots);
          if (second.get(slot) == s) {
            sum.add(ring[slot]);
          }
        }
        merged.put(figure, sum);
      });
      for (LatencyRule rule : rules) {
        Histogram h = merged.get(rule.figure());
        if (h.getTotalCount() < MIN_SAMPLES) {
          continue;
        }
        long actual = h.getValueAtPercentile(rule.percentile());
        if (actual > rule.limit().toMillis()) {
          return Optional.of(new LatencyBreach(rule, Instant.ofEpochSecond(now), actual, window,
              h.getTotalCount()));
        }
      }
      return Optional.empty();
    }
  }
}
