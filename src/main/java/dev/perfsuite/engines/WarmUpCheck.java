package dev.perfsuite.engines;

import dev.perfsuite.profiles.Durations;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelinePoint;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a run's throughput was still rising when its warm-up ended. The generator's JIT, a fresh
 * container or a cold cache then make the measurement phase a ramp, and its figures (and a
 * regression verdict against a warm baseline) describe warming, not the system.
 *
 * <p>Read from the run's timeline ({@code TOTAL} windows of the measurement phase, the last,
 * partial window left out): the mean throughput of the first third of the windows against the
 * last third. Only for steady load (one stage, ramp-up within the warm-up): a stepped or spiking
 * profile raises throughput on purpose.
 */
final class WarmUpCheck {
  /** First third below this share of the last third counts as still rising. */
  static final double RISING_RATIO = 0.8;
  /** Fewer measurement windows than this are too short to tell a ramp from noise. */
  static final int MIN_WINDOWS = 6;

  private WarmUpCheck() {
  }

  /** A warning for the run's warnings when throughput was still rising, else empty. */
  static Optional<String> stillRising(LoadProfile profile, Timeline timeline) {
    if (profile.stages().size() != 1 || profile.iterations().isPresent()
        || profile.stages().get(0).rampUp().compareTo(profile.warmUp()) > 0) {
      return Optional.empty();
    }
    List<TimelinePoint> windows = timeline.of(LabelSummary.OVERALL).stream()
        .filter(p -> p.phase() == Phase.MEASUREMENT)
        .sorted(Comparator.comparing(TimelinePoint::offset))
        .toList();
    if (windows.size() - 1 < MIN_WINDOWS) {
      return Optional.empty();
    }
    List<TimelinePoint> ranked = windows.subList(0, windows.size() - 1);
    int third = ranked.size() / 3;
    Duration width = timeline.window();
    double first = mean(ranked.subList(0, third), width);
    double last = mean(ranked.subList(ranked.size() - third, ranked.size()), width);
    if (last <= 0 || first >= RISING_RATIO * last) {
      return Optional.empty();
    }
    long seconds = width.multipliedBy(third).toSeconds();
    return Optional.of(String.format(Locale.ROOT, "throughput still rising at the end of "
            + "warm-up: %.1f req/s in the first %d s of the measurement phase against %.1f req/s "
            + "in its last %d s (timeline); the generator or the target was still warming up, "
            + "so the figures and a regression verdict describe a ramp. Fix: lengthen "
            + "perf.warm-up (now %s)", first, seconds, last, seconds,
        Durations.format(profile.warmUp())));
  }

  private static double mean(List<TimelinePoint> points, Duration width) {
    return points.stream().mapToDouble(p -> p.throughput(width)).average().orElse(0);
  }
}
