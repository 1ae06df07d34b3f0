package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.sla.Sla;
import java.time.Duration;
import java.util.Collections;
import java.util.List;

/**
 * Load shapes and full-scale SLAs of the user-management journeys, derived from seed 001.
 *
 * <p><b>Users.</b> At smoke, the configured profile as it is. At any other profile, the seed's
 * thread count for the journey, in the configured profile's shape (ramp, hold, warm-up), unless
 * {@code perf.threads} changed the profile's users: then those users (a {@code perf.threads}
 * equal to the profile's default cannot be told apart and also gets the seed's count). The
 * open model ({@code perf.target-rate}) is left as configured.
 *
 * <p><b>Full-scale SLA</b>, measurement phase only, per seed row:
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
 *
 * <p><b>Reproducing a seed run.</b> The seed's runs were iteration-bound ({@code loops} =
 * samples / threads) with no think time; {@code -Dperf.profile=load -Dperf.threads=T
 * -Dperf.iterations=I -Dperf.ramp-up=R -Dperf.warm-up=W} gives the same threads and samples
 * (each class's javadoc names its T and I). The reference ramp-up never resolved, so R is a
 * choice; W must stay well below the run's length, which the iterations decide.
 * Seed 001 ran against production-size infrastructure (4 Keycloak nodes of 4 vCPU, 20000 hash
 * iterations): the full-scale SLA is meant for {@code -Dperf.target=NAME}, not for the local
 * backends on a laptop.
 */
final class UserLoad {
  static final double LATENCY_MARGIN = 1.2;
  static final double THROUGHPUT_SHARE = 0.9;
  static final double MIN_ERROR_PERCENT = 0.1;

  private UserLoad() {
  }

  /** True for the smoke profile, whose SLAs are the scenario's own. */
  static boolean smoke(PerfConfig config) {
    return "smoke".equals(config.profile().name());
  }

  /** The profile of a journey whose seed ran {@code seedThreads} threads. */
  static LoadProfile profile(PerfConfig config, int seedThreads) {
    LoadProfile configured = config.profile();
    if (smoke(config) || configured.model() == LoadModel.OPEN) {
      return configured;
    }
    boolean usersOverridden = configured.peakUsers()
        != Profiles.named(configured.name()).peakUsers();
    return usersOverridden ? configured : configured.withUsers(seedThreads);
  }

  /**
   * Full-scale thresholds for a journey whose loop sends one request per label, each judged
   * against its own seed row.
   */
  static Sla fullScale(LoadProfile profile, List<Labelled> labels) {
    Sla sla = overall(profile, labels.stream().map(Labelled::seed).toList());
    for (Labelled l : labels) {
      sla = sla.and(latencyAndErrors(Sla.label(l.label()), l.seed()));
    }
    return sla;
  }

  /**
   * Full-scale thresholds for a journey of {@code requests} calls judged together against one
   * seed row that counts each call (the login workflow).
   */
  static Sla fullScaleOverall(LoadProfile profile, SeedRun seed, int requests) {
    return latencyAndErrors(overall(profile, Collections.nCopies(requests, seed)), seed);
  }

  /** A label and the seed row it is judged against. */
  record Labelled(String label, SeedRun seed) {
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
