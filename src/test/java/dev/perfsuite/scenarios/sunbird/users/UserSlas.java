package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.scenarios.sunbird.users.UserApi.Labelled;
import dev.perfsuite.sla.Sla;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

/**
 * Thresholds of the Sunbird user-management scenarios: loose but real at smoke, seed 001's
 * figures otherwise.
 *
 * <p><b>Smoke</b>: no error (every step asserts its status and what it extracts) and a tail
 * below 500 ms on the stubs; the journeys that hit real Keycloak, which hashes the password
 * (20000 PBKDF2 iterations by default) on shared cores, get a looser tail.
 *
 * <p><b>Full scale</b>, measurement phase only, per seed row:
 * <ul>
 *   <li>error % below twice the seed's, and never below 0.1 %;
 *   <li>mean below the seed's average + 20 %; p95 and p99 below the seed's + 20 % where the
 *       seed reports them;
 *   <li>throughput (all samplers) above 90 % of the seed's, scaled to the run: with N users,
 *       think time Z and the seed's thread time per request t = threads / throughput (Little's
 *       law on the seed itself), a loop of k requests should give k x N / sum(t + Z) requests
 *       per second; only for a single-stage closed profile;
 *   <li>at least 100 samples, and Little's law within 15 % of the users (single-stage closed,
 *       timed: an iteration-bound run ends with a tail of fewer busy users).
 * </ul>
 */
final class UserSlas {
  static final double LATENCY_MARGIN = 1.2;
  static final double THROUGHPUT_SHARE = 0.9;
  static final double MIN_ERROR_PERCENT = 0.1;
  /** Calls of the login workflow, each a sample of seed 001's login row. */
  static final int LOGIN_CALLS = 4;
  /** Smoke on the stubs: they answer in a few ms even on 2 shared cores. */
  private static final Duration SMOKE_P95 = Duration.ofMillis(500);

  private UserSlas() {
  }

  /**
   * One journey at {@code profile} (the journey's profile, {@link UserLoad#profile}): smoke
   * bounds at smoke, else the seed rows of its labels (the login: its four calls together against
   * the login row).
   */
  static Sla journey(UserApi api, LoadProfile profile) {
    if (profile.isSmoke()) {
      return smoke(api);
    }
    if (api == UserApi.LOGIN) {
      return latencyAndErrors(overall(profile, Collections.nCopies(LOGIN_CALLS, SeedRun.LOGIN)),
          SeedRun.LOGIN);
    }
    Sla sla = overall(profile, api.labels.stream().map(Labelled::seed).toList());
    for (Labelled l : api.labels) {
      sla = sla.and(latencyAndErrors(Sla.label(l.label()), l.seed()));
    }
    return sla;
  }

  private static Sla smoke(UserApi api) {
    return switch (api) {
      // Real Keycloak hashing the password per grant: 4 users keep 2 shared cores busy (p95
      // about 0.75 s here), so the tail is loose.
      case GENERATE_TOKEN -> Sla.overall().samplesAtLeast(10).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.GENERATE_TOKEN).p95Below(Duration.ofSeconds(2)));
      // Every login must complete; the credentials POST hashes the password.
      case LOGIN -> Sla.overall().samplesAtLeast(4L * LOGIN_CALLS).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.LOGIN).samplesAtLeast(4).p95Below(Duration.ofSeconds(3)))
          .and(Sla.label(UserJourneys.LOGIN_CREDENTIALS).p95Below(Duration.ofSeconds(2)));
      // The stubs: a verify with anything but the generated OTP, or a profile read without the
      // user's token (taken in the warm-up), fails; nothing else can.
      default -> {
        Sla sla = Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001);
        for (Labelled l : api.labels) {
          sla = sla.and(Sla.label(l.label()).p95Below(SMOKE_P95));
        }
        yield sla;
      }
    };
  }

  private static Sla overall(LoadProfile profile, List<SeedRun> loop) {
    Sla sla = Sla.overall().samplesAtLeast(100);
    if (profile.model() == LoadModel.CLOSED && profile.stages().size() == 1) {
      sla = sla.throughputAbove(THROUGHPUT_SHARE * expectedThroughput(profile, loop));
      if (profile.iterations().isEmpty()) {
        // An iteration-bound run ends with a tail of fewer busy users.
        sla = sla.littlesLawGapWithin(15);
      }
    }
    return sla;
  }

  /** Requests per second the seed's figures predict for this profile's users and think time. */
  static double expectedThroughput(LoadProfile profile, List<SeedRun> loop) {
    double think = profile.thinkTime().toNanos() / 1e9;
    double cycle = loop.stream().mapToDouble(s -> s.secondsPerRequest() + think).sum();
    return loop.size() * profile.peakUsers() / cycle;
  }

  private static Sla latencyAndErrors(Sla scope, SeedRun seed) {
    Sla sla = scope.errorPercentBelow(Math.max(MIN_ERROR_PERCENT, 2 * seed.errorPercent()))
        .meanBelow(millis(seed.meanMillis() * LATENCY_MARGIN));
    if (!Double.isNaN(seed.p95Millis())) {
      sla = sla.p95Below(millis(seed.p95Millis() * LATENCY_MARGIN));
    }
    if (!Double.isNaN(seed.p99Millis())) {
      sla = sla.p99Below(millis(seed.p99Millis() * LATENCY_MARGIN));
    }
    return sla;
  }

  private static Duration millis(double ms) {
    return Duration.ofNanos(Math.round(ms * 1e6));
  }
}
