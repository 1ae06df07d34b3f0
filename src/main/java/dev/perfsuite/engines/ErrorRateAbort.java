package dev.perfsuite.engines;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Stops a run early when its error rate stays above a threshold for a whole window. Like k6's
 * {@code abortOnFail} thresholds, a dead or broken target then costs one window, not a nine-hour
 * soak. Results written so far are kept; the run ends as interrupted and its warnings say why.
 *
 * <p>Samples are counted per second of their end time in a small ring (lock-free, a few atomic
 * increments per sample). The rule holds when the run has sampled for at least the window, the
 * window holds at least {@value #MIN_SAMPLES} samples, and every second of it that ended samples
 * had an error rate above the threshold. Seconds without samples (all requests waiting on a
 * timeout) neither break nor make the rule. Warm-up counts: a dead target is dead from the start.
 */
public final class ErrorRateAbort implements RunWatcher {
  /** Fewer samples than this in the window never stop a run. */
  static final int MIN_SAMPLES = 5;

  private final double thresholdPercent;
  private final Duration window;
  private final LongSupplier clock;
  private volatile Counter current;

  ErrorRateAbort(double thresholdPercent, Duration window, LongSupplier clock) {
    if (!(thresholdPercent > 0 && thresholdPercent < 100)) {
      throw new IllegalArgumentException("error-rate threshold must lie in (0, 100) percent: "
          + thresholdPercent);
    }
    if (window.toSeconds() < 1) {
      throw new IllegalArgumentException("abort window must be at least 1 s: " + window);
    }
    this.thresholdPercent = thresholdPercent;
    this.window = window;
    this.clock = clock;
  }

  /**
   * Stops a run once more than {@code thresholdPercent} of its samples failed in every second of
   * {@code window} ({@code perf.abort.error-rate}, {@code perf.abort.window}).
   */
  public static ErrorRateAbort above(double thresholdPercent, Duration window) {
    return new ErrorRateAbort(thresholdPercent, window, System::currentTimeMillis);
  }

  @Override
  public SampleObserver runStarting(RunContext run) {
    Counter counter = new Counter((int) window.toSeconds() + 2);
    current = counter;
    return counter;
  }

  @Override
  public Optional<String> stopRequest() {
    Counter counter = current;
    return counter == null ? Optional.empty() : counter.verdict(clock.getAsLong() / 1000);
  }

  @Override
  public void runEnded(RunContext run, RunResult result) {
    current = null;
  }

  /** Per-second sample and error counts of one run. */
  private final class Counter implements SampleObserver {
    private final int slots;
    private final AtomicLongArray second;
    private final AtomicLongArray samples;
    private final AtomicLongArray errors;
    private volatile long firstSecond = Long.MAX_VALUE;
    private volatile String lastError = "";

    Counter(int slots) {
      this.slots = slots;
      this.second = new AtomicLongArray(slots);
      this.samples = new AtomicLongArray(slots);
      this.errors = new AtomicLongArray(slots);
    }

    @Override
    public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
        SampleTiming timing) {
      if (transaction) {
        return;
      }
      long sec = result.getEndTime() / 1000;
      if (sec < firstSecond) {
        // End times: a sample's start may be unset on hand-built or failed-early results.
        firstSecond = sec;
      }
      int slot = (int) (sec % slots);
      long seen = second.get(slot);
      if (seen != sec) {
        if (seen > sec || !second.compareAndSet(slot, seen, sec)) {
          // A late sample of a second already recycled, or another thread won the reset.
          if (second.get(slot) != sec) {
            return;
          }
        } else {
          samples.set(slot, 0);
          errors.set(slot, 0);
        }
      }
      samples.incrementAndGet(slot);
      if (cause != null) {
        errors.incrementAndGet(slot);
        lastError = cause + " " + result.getResponseCode() + " " + result.getResponseMessage();
      }
    }

    /** Why the run must stop at second {@code now}, judged on the seconds before it. */
    Optional<String> verdict(long now) {
      long seconds = window.toSeconds();
      if (firstSecond == Long.MAX_VALUE || now - firstSecond < seconds) {
        return Optional.empty();
      }
      long total = 0;
      long failed = 0;
      for (long s = now - seconds; s < now; s++) {
        int slot = (int) (s % slots);
        if (second.get(slot) != s) {
          continue;
        }
        long n = samples.get(slot);
        long e = errors.get(slot);
        if (n == 0) {
          continue;
        }
        if (e * 100.0 / n <= thresholdPercent) {
          return Optional.empty();
        }
        total += n;
        failed += e;
      }
      if (total < MIN_SAMPLES) {
        return Optional.empty();
      }
      return Optional.of(String.format(Locale.ROOT, "error rate above %s %% for %d s "
              + "(perf.abort.error-rate, perf.abort.window): %d of %d samples failed in the last "
              + "%d s, last error: %s. The results up to here are kept. Fix the target (or "
              + "raise perf.abort.error-rate / set it to off) and run again",
          trim(thresholdPercent), seconds, failed, total, seconds, lastError.trim()));
    }
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
