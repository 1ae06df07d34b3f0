package dev.perfsuite.results;

import java.util.Arrays;

/**
 * One user's (one JMeter thread's) rhythm, for judging each of its samples' timing.
 *
 * <p>Closed model: the user's expected interval is the median of its last {@link #WINDOW}
 * start-to-start intervals (think time and timers included, so no setting is needed); a sample
 * slower than {@link #STALL_FACTOR} times that interval and at least {@link #STALL_FLOOR_MILLIS}
 * ms more is a stall, whose missing requests the recorder fills in. The interval is read before
 * the sample updates it, so a stall never inflates its own correction.
 *
 * <p>Open model: a transaction sample takes the intended start of the first request inside it.
 * Synchronised per user: JMeter calls it from that user's thread (or, for remote samples, from
 * one RMI thread), so the lock is never contended.
 */
final class UserPace {
  /** Intervals kept for the median. */
  static final int WINDOW = 16;
  /** A stall is this many expected intervals long, at least. */
  static final long STALL_FACTOR = 4;
  /** A stall is this much longer than the expected interval, at least (ms). */
  static final long STALL_FLOOR_MILLIS = 100;
  private static final int MIN_INTERVALS = 4;

  private final long[] intervals = new long[WINDOW];
  private int known;
  private int next;
  private long lastStart = -1;
  private long firstIntendedInTransaction = Long.MAX_VALUE;

  /**
   * The timing of a sample of this user.
   *
   * @param intended epoch ms the schedule meant it to start, -1 without a schedule
   * @param transaction true for a transaction controller's parent sample
   */
  synchronized SampleTiming timing(long start, long end, long elapsed, long intended,
      boolean transaction) {
    if (transaction) {
      long first = firstIntendedInTransaction;
      firstIntendedInTransaction = Long.MAX_VALUE;
      return new SampleTiming(start, end, elapsed,
          first != Long.MAX_VALUE && first <= start ? first : -1, 0);
    }
    if (intended >= 0) {
      firstIntendedInTransaction = Math.min(firstIntendedInTransaction, intended);
      return new SampleTiming(start, end, elapsed, intended, 0);
    }
    // Only a sample longer than the floor can be a stall (the interval is at least 1 ms): the
    // median's copy and sort are skipped for every other sample (profile: 0.7 % of CPU at 50
    // users, no think).
    long expected = elapsed > STALL_FLOOR_MILLIS ? expectedInterval() : 0;
    if (lastStart >= 0 && start >= lastStart) {
      intervals[next] = start - lastStart;
      next = (next + 1) % WINDOW;
      known = Math.min(WINDOW, known + 1);
    }
    lastStart = Math.max(lastStart, start);
    boolean stall = expected > 0 && elapsed > STALL_FACTOR * expected
        && elapsed >= expected + STALL_FLOOR_MILLIS;
    return new SampleTiming(start, end, elapsed, -1, stall ? expected : 0);
  }

  /** Median of the known intervals in ms, 0 while fewer than 4 are known. */
  private long expectedInterval() {
    if (known < MIN_INTERVALS) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(intervals, known);
    Arrays.sort(sorted);
    return Math.max(1, sorted[known / 2]);
  }
}
