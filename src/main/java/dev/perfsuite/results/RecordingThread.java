package dev.perfsuite.results;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.samplers.SampleEvent;
import org.jctools.queues.MpscArrayQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread ({@code perf-recorder}) that applies a recorder's samples. Users only queue them,
 * so a sample costs a user one lock-free enqueue, and statistics, observers and the JTL are worked
 * on by this thread alone.
 *
 * <p>The queue is bounded ({@value #CAPACITY} samples, JCTools' multi-producer single-consumer
 * array queue). When it is full a user waits until there is room: no sample is ever dropped,
 * and the waits are counted for the run's warnings ({@link #backpressure}). The thread is not
 * woken per sample, which would cost a context switch each: it drains what is queued every
 * {@value #DRAIN_EVERY_MILLIS} ms, or at once when a reader asks to settle.
 *
 * <p>Trap: a queued sample holds its {@code SampleResult} (the response body included) until it
 * is applied, usually within a few ms; with the queue full that is {@value #CAPACITY} results.
 */
final class RecordingThread {
  private static final Logger LOG = LoggerFactory.getLogger(RecordingThread.class);
  static final int CAPACITY = 1 << 14;
  static final long DRAIN_EVERY_MILLIS = 5;
  private static final int BATCH = 4096;
  private static final long FULL_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(30);

  /** Applies one queued sample; called on the recorder's thread. */
  @FunctionalInterface
  interface Applier {
    void apply(SampleEvent event, int flags);
  }

  /** Called between batches on the recorder's thread, with the wall clock in ms. */
  @FunctionalInterface
  interface Tick {
    void tick(long nowMillis);
  }

  /** A queued sample and what only its user's thread could tell about it. */
  private record Queued(SampleEvent event, int flags) {
  }

  private final MpscArrayQueue<Queued> queue = new MpscArrayQueue<>(CAPACITY);
  private final Applier applier;
  private final Tick tick;
  private final Thread thread;
  /** Settle requests made so far, and the last one the thread answered. */
  private final AtomicLong requested = new AtomicLong();
  private volatile long settled;
  private volatile boolean running = true;
  private final LongAdder waits = new LongAdder();
  private final LongAdder waitedNanos = new LongAdder();

  private RecordingThread(Applier applier, Tick tick) {
    this.applier = applier;
    this.tick = tick;
    this.thread = new Thread(this::loop, "perf-recorder");
    thread.setDaemon(true);
  }

  /** Starts the thread. */
  static RecordingThread start(Applier applier, Tick tick) {
    RecordingThread recording = new RecordingThread(applier, tick);
    recording.thread.start();
    return recording;
  }

  /**
   * Queues one sample; waits while the queue is full.
   *
   * @return false when the thread has stopped: the caller applies the sample itself
   */
  boolean offer(SampleEvent event, int flags) {
    if (!running) {
      return false;
    }
    Queued queued = new Queued(event, flags);
    if (!queue.offer(queued)) {
      long began = System.nanoTime();
      waits.increment();
      LockSupport.unpark(thread);
      while (!queue.offer(queued)) {
        if (!running || !thread.isAlive()) {
          waitedNanos.add(System.nanoTime() - began);
          return false;
        }
        LockSupport.parkNanos(FULL_WAIT_NANOS);
      }
      waitedNanos.add(System.nanoTime() - began);
    }
    if (!running) {
      // Queued while the thread stopped: applied here, never left behind.
      drainStopped();
    }
    return true;
  }

  /** True on the recorder's own thread (an observer calling back). */
  boolean isCurrent() {
    return Thread.currentThread() == thread;
  }

  /**
   * Waits until every sample queued before this call is applied; returns at once on the
   * recorder's own thread or once it stopped.
   */
  void settle() {
    if (isCurrent() || !running) {
      return;
    }
    long mine = requested.incrementAndGet();
    LockSupport.unpark(thread);
    long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
    while (settled < mine && running && thread.isAlive()) {
      if (System.nanoTime() > deadline) {
        LOG.warn("perf-recorder: samples not applied within {} s; reading what is applied",
            SETTLE_LIMIT.toSeconds());
        return;
      }
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
    }
  }

  /** Applies everything queued, then stops the thread; idempotent. */
  void stop() {
    if (running) {
      running = false;
      LockSupport.unpark(thread);
      try {
        thread.join(SETTLE_LIMIT.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    drainStopped();
  }

  /** Drains after the thread ended: callers take turns, so there is still one consumer. */
  private synchronized void drainStopped() {
    if (!thread.isAlive()) {
      drain();
    }
  }

  private void loop() {
    while (running) {
      long asked = requested.get();
      drain();
      tick.tick(System.currentTimeMillis());
      if (asked != settled) {
        settled = asked;
      } else if (queue.isEmpty() && requested.get() == asked) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(DRAIN_EVERY_MILLIS));
      }
    }
    drain();
    settled = requested.get();
  }

  /** Applies what is queued until the queue is empty; an applier's failure costs one sample. */
  private void drain() {
    while (queue.drain(this::apply, BATCH) > 0) {
      // Drained one batch: look again, users may have queued more meanwhile.
    }
  }

  private void apply(Queued queued) {
    try {
      applier.apply(queued.event(), queued.flags());
    } catch (RuntimeException e) {
      LOG.warn("perf-recorder: a sample could not be recorded", e);
    }
  }

  /**
   * The warning for the run when users waited for room in the queue; empty when no user ever
   * waited. The recorder fell behind then, so the load was held back meanwhile.
   */
  Optional<String> backpressure() {
    long n = waits.sum();
    if (n == 0) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the recorder fell behind: users "
        + "waited %d times, %.1f ms in all, for room in its queue of %d samples (no sample was "
        + "lost, but the load was held back meanwhile). Fix: fewer labels or observers, "
        + "-Dperf.jtl=errors, or more cores for the generator", n, waitedNanos.sum() / 1e6,
        CAPACITY));
  }
}
