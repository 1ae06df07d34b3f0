package dev.perfsuite.jmx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sample counts a one-row Throughput Shaping Timer schedule ({@code from} to {@code to}
 * requests per second over {@code seconds}) allows in a group that runs {@code seconds}.
 *
 * <p>The timer (jmeter-plugins' VariableThroughputTimer) works in wall-clock seconds: in the k-th
 * second after its first sample it lets through at most ceil(rps(k)) samples, rps(k) = from +
 * (to - from) * k / seconds, a late one at once. Past the schedule it keeps its last rate while the
 * test stops. So a run spans {@code seconds} schedule seconds and, since it rarely starts on a
 * second's edge, part of one more at the last rate: at most the sum of ceil(rps(k)) plus
 * ceil(rps(last)), and one per user whose released sample is sent as the group ends. A first
 * sample late by up to a second (a cold JVM) can push the last schedule
 * second past the group's end: at least the sum less ceil(rps(last)). Two runs differ by where
 * they fall on the clock: within ceil(rps(last)) plus one sample per user.
 */
record ShapingBounds(double from, double to, int seconds) {
  private static final Pattern ROW = Pattern.compile("<collectionProp name=\"load_profile\">"
      + "<collectionProp name=\"[^\"]*\"><stringProp name=\"1\">([\\d.]+)</stringProp>"
      + "<stringProp name=\"2\">([\\d.]+)</stringProp><stringProp name=\"3\">(\\d+)</stringProp>"
      + "</collectionProp></collectionProp>");

  /** The schedule of the plan's single-row timer, if it has one. */
  static Optional<ShapingBounds> of(Path plan) throws IOException {
    Matcher row = ROW.matcher(Files.readString(plan, StandardCharsets.UTF_8));
    return row.find() ? Optional.of(new ShapingBounds(Double.parseDouble(row.group(1)),
        Double.parseDouble(row.group(2)), Integer.parseInt(row.group(3)))) : Optional.empty();
  }

  private long scheduled() {
    long sum = 0;
    for (int k = 0; k < seconds; k++) {
      sum += (long) Math.ceil(rps(k));
    }
    return sum;
  }

  private double rps(int second) {
    return from + (to - from) * second / seconds;
  }

  private long last() {
    return (long) Math.ceil(rps(seconds - 1));
  }

  /** The fewest samples the schedule lets a run of it record. */
  long lowest() {
    return scheduled() - last();
  }

  /**
   * The most samples the timer lets through in a run of the schedule with {@code users}: each
   * user may still send the sample the timer released as the group ended.
   */
  long highest(int users) {
    return scheduled() + last() + users;
  }

  /** How far two runs of the schedule with {@code users} threads may differ. */
  long tolerance(int users) {
    return last() + users;
  }
}
