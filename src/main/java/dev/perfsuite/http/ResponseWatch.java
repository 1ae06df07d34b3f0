package dev.perfsuite.http;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The response-timeout check of one connection: one task on its event loop that outlives the
 * exchanges it watches.
 *
 * <p>It moves only when an exchange needs it sooner: a task scheduled and cancelled per request
 * would cost an allocation and two updates of the loop's priority queue each, which show in a
 * 50-user profile. A check that finds the connection idle ends; the next exchange starts
 * another. Touched only on the connection's event loop.
 */
final class ResponseWatch implements Runnable {
  /** No check due: {@link Exchange#checkTimeout} has nothing left to watch. */
  static final long NONE = Long.MIN_VALUE;
  private static final AttributeKey<ResponseWatch> OF_CONNECTION =
      AttributeKey.valueOf("perf.response-watch");

  private final Channel channel;
  private ScheduledFuture<?> task;
  private long dueNanos;

  private ResponseWatch(Channel channel) {
    this.channel = channel;
  }

  /** Makes sure {@code channel}'s watch checks by {@code deadlineNanos}, read on {@code clock}. */
  static void cover(Channel channel, long deadlineNanos, LongSupplier clock) {
    ResponseWatch watch = channel.attr(OF_CONNECTION).get();
    if (watch == null) {
      watch = new ResponseWatch(channel);
      channel.attr(OF_CONNECTION).set(watch);
    }
    watch.checkBy(deadlineNanos, clock);
  }

  /** Cancels the check of a closed connection, so no task holds it until the timeout. */
  static void stop(Channel channel) {
    ResponseWatch watch = channel.attr(OF_CONNECTION).get();
    if (watch != null && watch.task != null) {
      watch.task.cancel(false);
      watch.task = null;
    }
  }

  /** Whether a check is scheduled on {@code channel} (for tests). */
  static boolean pending(Channel channel) {
    ResponseWatch watch = channel.attr(OF_CONNECTION).get();
    return watch != null && watch.task != null && !watch.task.isDone();
  }

  private void checkBy(long deadlineNanos, LongSupplier clock) {
    if (task != null) {
      if (dueNanos - deadlineNanos <= 0) {
        return;
      }
      // An earlier exchange with a longer timeout scheduled it too late for this one.
      task.cancel(false);
    }
    schedule(deadlineNanos, clock);
  }

  private void schedule(long deadlineNanos, LongSupplier clock) {
    dueNanos = deadlineNanos;
    task = channel.eventLoop().schedule(this, Math.max(0, deadlineNanos - clock.getAsLong()),
        TimeUnit.NANOSECONDS);
  }

  @Override
  public void run() {
    task = null;
    Exchange exchange = Exchange.current(channel);
    long next = exchange == null ? NONE : exchange.checkTimeout(channel);
    if (next != NONE) {
      schedule(next, exchange.clock);
    }
  }
}
