package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;

/**
 * Load shapes of the user-management journeys, derived from seed 001; their SLAs are
 * {@link UserSlas}.
 *
 * <p><b>Users.</b> At smoke, the configured profile as it is. At any other profile, the seed's
 * thread count for the journey, in the configured profile's shape (ramp, hold, warm-up), unless
 * {@code perf.threads} changed the profile's users: then those users (a {@code perf.threads}
 * equal to the profile's default cannot be told apart and also gets the seed's count). The
 * open model ({@code perf.target-rate}) is left as configured.
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

  private UserLoad() {
  }

  /** The profile of a journey: the configured one at smoke, else at the seed's threads. */
  static LoadProfile profile(PerfConfig config, UserApi api) {
    return profile(config, api.seed.threads());
  }

  /** The profile of a journey whose seed ran {@code seedThreads} threads. */
  static LoadProfile profile(PerfConfig config, int seedThreads) {
    LoadProfile configured = config.profile();
    if (configured.isSmoke() || configured.model() == LoadModel.OPEN) {
      return configured;
    }
    boolean usersOverridden = configured.peakUsers()
        != Profiles.named(configured.name()).peakUsers();
    return usersOverridden ? configured : configured.withUsers(seedThreads);
  }
}
