package dev.perfsuite.results;

import java.util.Locale;
import java.util.Optional;

/**
 * The two warnings that say response time and service time parted. Either the open model's
 * generator fell behind its schedule, or the closed model hid stalls (coordinated omission).
 */
public final class LatencyWarnings {
  /** Late starts, as a share of requests, from which the open model warns. */
  static final double LATE_SHARE = 0.01;
  /** A lag from which the open model warns even when few starts were late, ms. */
  static final long LAG_MILLIS = 100;
  /** How far corrected p99 may exceed raw p99 before the closed model warns (10 %). */
  static final double CORRECTION_MARGIN = 0.10;

  private LatencyWarnings() {
  }

  /**
   * "generator behind schedule" when at least 1 % of requests started more than 10 ms late or
   * one started 100 ms late or more.
   *
   * @param overall the measurement phase's overall summary
   * @param maxThreads the open model's user cap, named in the fix
   */
  public static Optional<String> behindSchedule(LabelSummary overall, int maxThreads) {
    if (overall.samples() == 0 || overall.lateStarts() == 0
        || overall.lateStarts() < LATE_SHARE * overall.samples()
        && overall.maxLagMillis() < LAG_MILLIS) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT,
        "generator behind schedule: %d of %d requests started more than %d ms after their "
            + "intended start (largest lag %d ms) because all %d users were busy; response times "
            + "count from the intended start and stay true, but the load bunched up: raise "
            + "perf.max-threads (now %d)", overall.lateStarts(), overall.samples(),
        LabelAccumulator.LATE_MILLIS, overall.maxLagMillis(), maxThreads, maxThreads));
  }

  /**
   * "arrivals never sent" when the open model's schedule offered more requests than the run
   * sent: the run ended while they waited for a free user. A run stopped early is left out.
   *
   * @param planned the arrivals the schedule offers over the whole profile
   * @param sent requests sent, both phases, transactions left out
   */
  public static Optional<String> unsent(long planned, long sent, int maxThreads) {
    long missing = planned - sent;
    if (missing <= Math.max(1, planned / 1000)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT,
        "arrivals never sent: %d of %d scheduled requests were still waiting for a free user "
            + "when the run ended (all %d users busy); they are in no figure: raise "
            + "perf.max-threads (now %d)", missing, planned, maxThreads, maxThreads));
  }

  /**
   * "coordinated omission" when the closed model corrected stalls and the corrected p99 is more
   * than 10 % above the raw p99.
   */
  public static Optional<String> coordinatedOmission(LabelSummary overall) {
    if (overall.stalls() == 0) {
      return Optional.empty();
    }
    long raw = overall.latency().p99();
    long corrected = overall.response().p99();
    if (corrected <= raw * (1 + CORRECTION_MARGIN)) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT,
        "coordinated omission: %d stalls over %d ms (responses at least %dx their user's usual "
            + "interval and %d ms over it), p99 raw %d ms, corrected %d ms; verdicts judge the "
            + "corrected figure unless perf.sla.latency=raw", overall.stalls(),
        UserPace.STALL_FLOOR_MILLIS, UserPace.STALL_FACTOR, UserPace.STALL_FLOOR_MILLIS, raw,
        corrected));
  }
}
