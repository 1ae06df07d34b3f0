package dev.perfsuite.engines;

import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import java.util.Locale;
import java.util.Optional;

/**
 * Little's-law check of the measurement phase. In a closed model each of N users is always either
 * in a request or thinking, so N = X * (R + Z). When far fewer users are accounted for, the rest of
 * their time went somewhere else: the generator's CPU, its garbage collector, or the path samples
 * take to the recorder. The run then offered less load than planned, and says so.
 *
 * <p>JMeter times samples in whole milliseconds, so at sub-millisecond latencies R reads low; the
 * check grants every sample a full extra millisecond before it speaks.
 */
public final class Saturation {
  /** Share of the users' time that may go unaccounted before the run warns. */
  static final double TOLERANCE = 0.25;
  private static final long MIN_SAMPLES = 100;
  private static final long MIN_SPAN_MILLIS = 2000;

  private Saturation() {
  }

  /**
   * A warning when {@code measured} accounts for too few of {@code profile}'s users.
   * {@code measured} is one engine's or the whole run's measurement phase; it must account for
   * {@code 1 - TOLERANCE} of the users, even granting 1 ms per sample. Only steady closed-model
   * phases are judged: one stage, timed, its ramp inside the warm-up.
   *
   * @param where "" for the whole run, or " on engine host:port"
   */
  public static Optional<String> check(LoadProfile profile, LabelSummary measured, String where) {
    if (profile.model() != LoadModel.CLOSED || profile.stages().size() != 1
        || profile.iterations().isPresent()
        || profile.warmUp().compareTo(profile.stages().get(0).rampUp()) < 0
        || measured.samples() < MIN_SAMPLES || measured.spanMillis() < MIN_SPAN_MILLIS) {
      return Optional.empty();
    }
    int users = profile.peakUsers();
    double think = profile.thinkTime().toNanos() / 1e6;
    double x = measured.throughput();
    double busy = x * (measured.latency().mean() + think) / 1000.0;
    double generous = x * (measured.latency().mean() + 1 + think) / 1000.0;
    if (generous >= (1 - TOLERANCE) * users) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT,
        "generator saturated%s: Little's law accounts for %.1f of %d users (X %.1f req/s x "
            + "(R %.2f ms + Z %.0f ms)), %.0f %% of the users' time went outside requests and "
            + "think time even granting 1 ms per sample for JMeter's whole-millisecond timing: "
            + "the load generator or its sample path is saturated and offered less load than "
            + "planned (add engines, CPU, or use perf.remotes.samples=aggregate)",
        where, busy, users, x, measured.latency().mean(), think, 100 * (1 - busy / users)));
  }
}
