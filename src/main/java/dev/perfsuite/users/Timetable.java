package dev.perfsuite.users;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * When each user of a schedule starts and ends, in milliseconds from the group's start.
 *
 * <p>Users of a ramp start evenly spaced, the first at the ramp's start (as JMeter's Thread
 * Group does); a step down stops the most recently started users first, evenly over its ramp, so
 * the level is reached at the ramp's end (as the Ultimate Thread Group the DSL uses for several
 * stages). Users still running at the end stop at the end of the last step. Users are in start
 * order. An end of {@link #UNBOUNDED} means the user runs until its iterations are done.
 */
final class Timetable {
  static final long UNBOUNDED = -1;

  private final long[] starts;
  private final long[] ends;

  private Timetable(long[] starts, long[] ends) {
    this.starts = starts;
    this.ends = ends;
  }

  /** Users of {@code stages}; with {@code bounded} false nobody gets an end time. */
  static Timetable of(List<Stage> stages, boolean bounded) {
    int total = 0;
    int level = 0;
    for (Stage s : stages) {
      total += Math.max(0, s.users() - level);
      level = s.users();
    }
    long[] starts = new long[total];
    long[] ends = new long[total];
    Arrays.fill(ends, UNBOUNDED);
    Deque<Integer> running = new ArrayDeque<>();
    int count = 0;
    long time = 0;
    level = 0;
    for (Stage s : stages) {
      int diff = s.users() - level;
      for (int k = 0; k < diff; k++) {
        starts[count] = time + s.rampUp().toMillis() * k / diff;
        running.push(count++);
      }
      for (int k = 0; k < -diff; k++) {
        ends[running.pop()] = time + s.rampUp().toMillis() * (k + 1) / -diff;
      }
      level = s.users();
      time += s.rampUp().toMillis() + s.hold().toMillis();
    }
    for (int user : running) {
      ends[user] = bounded ? time : UNBOUNDED;
    }
    if (!bounded) {
      Arrays.fill(ends, UNBOUNDED);
    }
    return new Timetable(starts, ends);
  }

  int users() {
    return starts.length;
  }

  long start(int user) {
    return starts[user];
  }

  long end(int user) {
    return ends[user];
  }

  /** The most users running at once. */
  int peak() {
    long[][] events = new long[starts.length * 2][];
    int n = 0;
    for (int i = 0; i < starts.length; i++) {
      events[n++] = new long[] {starts[i], 1};
      if (ends[i] != UNBOUNDED) {
        events[n++] = new long[] {ends[i], -1};
      }
    }
    long[][] sorted = Arrays.copyOf(events, n);
    // Ends before starts at the same instant: a user replaced at once is not two users.
    Arrays.sort(sorted, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
        : Long.compare(a[1], b[1]));
    int now = 0;
    int peak = 0;
    for (long[] e : sorted) {
      now += (int) e[1];
      peak = Math.max(peak, now);
    }
    return peak;
  }
}
