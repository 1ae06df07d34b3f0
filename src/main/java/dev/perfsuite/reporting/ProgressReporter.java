package dev.perfsuite.reporting;

import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleBatch;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Prints a progress line every interval while a run lasts. The line shows elapsed and planned time
 * with an ETA, phase, active threads, throughput and p95 over the last interval, and errors so far.
 *
 * <p>On a terminal the line is rewritten in place; elsewhere (CI logs, Jenkins) each report is a
 * plain line, so logs stay greppable. An interval of zero turns progress off.
 *
 * <p>Lines follow the reporter's clock: a printer thread looks at it four times an interval and
 * prints once a whole interval has passed on it, so a line comes at most a quarter interval late
 * and a test can drive the clock instead of waiting for it.
 */
public final class ProgressReporter implements RunWatcher {
  private final Duration interval;
  private final PrintStream out;
  private final boolean terminal;
  private final InstantSource clock;
  private final Map<String, Progress> running = new ConcurrentHashMap<>();

  private ProgressReporter(Duration interval, PrintStream out, boolean terminal,
      InstantSource clock) {
    this.interval = interval;
    this.out = out;
    this.terminal = terminal;
    this.clock = clock;
  }

  /** Progress on standard output every {@code interval}; in place when a console is attached. */
  public static ProgressReporter every(Duration interval) {
    return new ProgressReporter(interval, System.out, System.console() != null, monotonic());
  }

  /** Progress as plain lines on {@code out}, for tests and log files. */
  public static ProgressReporter plainLines(Duration interval, PrintStream out) {
    return plainLines(interval, out, monotonic());
  }

  /**
   * As {@link #plainLines(Duration, PrintStream)}, timed by {@code clock}: elapsed time,
   * throughput and when lines are due. A {@link java.time.Clock} is one; a test passes its own.
   */
  static ProgressReporter plainLines(Duration interval, PrintStream out, InstantSource clock) {
    return new ProgressReporter(interval, out, false, clock);
  }

  /**
   * Instants that only move forward: the wall clock read once, then {@link System#nanoTime}. A
   * clock step (NTP) then cannot make elapsed time or throughput negative or huge.
   */
  static InstantSource monotonic() {
    Instant origin = Instant.now();
    long originNanos = System.nanoTime();
    return () -> origin.plusNanos(System.nanoTime() - originNanos);
  }

  @Override
  public SampleObserver runStarting(RunContext run) {
    Progress progress = new Progress(run);
    if (!interval.isZero()) {
      running.put(run.runId(), progress);
      progress.schedule();
    }
    return progress;
  }

  @Override
  public void runEnded(RunContext run, RunResult result) {
    Progress progress = running.remove(run.runId());
    if (progress != null) {
      progress.stop();
    }
  }

  /** One run's counters, fed from sampling threads and read by the printer thread. */
  private final class Progress implements SampleObserver {
    private final RunContext run;
    private final Recorder window = new Recorder(3);
    private final LongAdder samples = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicInteger threads = new AtomicInteger();
    private final Instant started = clock.instant();
    private volatile long origin = -1;
    private volatile Phase phase = Phase.WARM_UP;
    private Histogram recycled;
    private long lastSamples;
    private Instant lastTick = started;
    private ScheduledExecutorService printer;

    Progress(RunContext run) {
      this.run = run;
    }

    void schedule() {
      printer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "perf-progress");
        t.setDaemon(true);
        return t;
      });
      long look = Math.max(1, interval.toMillis() / 4);
      printer.scheduleAtFixedRate(this::tick, look, look, TimeUnit.MILLISECONDS);
    }

    void stop() {
      if (printer != null) {
        printer.shutdownNow();
        if (terminal) {
          out.println();
        }
      }
    }

    @Override
    public void started(long originMillis) {
      origin = originMillis;
    }

    @Override
    public void sample(SampleResult result, Phase samplePhase, ErrorCause cause,
        boolean transaction, SampleTiming timing) {
      if (transaction) {
        return;
      }
      window.recordValue(Math.max(0, result.getTime()));
      samples.increment();
      if (cause != null) {
        errors.increment();
      }
      threads.set(result.getAllThreads());
      phase = samplePhase;
    }

    /** Engine-side aggregated samples: cost per distinct response time, not per sample. */
    @Override
    public void batch(SampleBatch batch) {
      if (!batch.overall() || batch.samples() == 0) {
        return;
      }
      batch.latencies().recordedValues().forEach(v -> window.recordValueWithCount(
          v.getValueIteratedTo(), v.getCountAtValueIteratedTo()));
      samples.add(batch.samples());
      errors.add(batch.errors());
      threads.set(batch.activeThreads());
      phase = batch.phase();
    }

    private synchronized void tick() {
      Instant now = clock.instant();
      if (Duration.between(lastTick, now).compareTo(interval) >= 0) {
        print(now);
      }
    }

    private void print(Instant now) {
      recycled = window.getIntervalHistogram(recycled);
      long total = samples.sum();
      double seconds = Math.max(1e-3, Duration.between(lastTick, now).toNanos() / 1e9);
      double rate = (total - lastSamples) / seconds;
      lastSamples = total;
      lastTick = now;
      long errorCount = errors.sum();
      Duration elapsed = origin > 0 ? Duration.ofMillis(now.toEpochMilli() - origin)
          : Duration.between(started, now);
      Duration planned = run.planned();
      Duration eta = planned.minus(elapsed);
      String line = String.format(Locale.ROOT,
          "[progress] %s %s/%s (%3.0f%%) ETA %s | %s | threads %d | %.1f req/s | p95 %s ms "
              + "(last %s) | errors %d (%.2f%%)",
          run.scenario(), clock(elapsed), clock(planned),
          Math.min(100, 100.0 * elapsed.toMillis() / Math.max(1, planned.toMillis())),
          eta.isNegative() ? "overrun" : clock(eta),
          phase == Phase.WARM_UP ? "warm-up" : "measuring",
          threads.get(), rate, recycled.getTotalCount() == 0 ? "-"
              : String.valueOf(recycled.getValueAtPercentile(95)), window(),
          errorCount, total == 0 ? 0.0 : 100.0 * errorCount / total);
      if (terminal) {
        out.print("\r" + line);
        out.flush();
      } else {
        out.println(line);
      }
    }
  }

  private String window() {
    return interval.toMillis() % 1000 == 0 ? interval.toSeconds() + "s"
        : interval.toMillis() + "ms";
  }

  private static String clock(Duration d) {
    long s = Math.max(0, d.toSeconds());
    return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  }
}
