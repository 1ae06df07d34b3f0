package dev.perfsuite.results;

import java.time.Duration;
import java.util.List;

/**
 * A run cut into fixed windows, per label: what the over-time charts and the per-window regression
 * test read.
 *
 * @param window width of every window
 * @param points one point per label and window that had samples, ordered by window then label
 */
public record Timeline(Duration window, List<TimelinePoint> points) {

  public Timeline {
    points = List.copyOf(points);
  }

  /** A timeline with no windows, for runs recorded without one. */
  public static Timeline empty() {
    return new Timeline(Duration.ofSeconds(1), List.of());
  }

  /** The points of one label, in time order. */
  public List<TimelinePoint> of(String label) {
    return points.stream().filter(p -> p.label().equals(label)).toList();
  }

  /**
   * A window width giving about 300 windows over {@code planned}, never under one second. That is
   * fine enough to see a ramp, small enough that a 9 h soak keeps its timeline in a few MB.
   */
  public static Duration windowFor(Duration planned) {
    long millis = Math.max(1000, planned.toMillis() / 300);
    return Duration.ofMillis((millis + 999) / 1000 * 1000);
  }
}
