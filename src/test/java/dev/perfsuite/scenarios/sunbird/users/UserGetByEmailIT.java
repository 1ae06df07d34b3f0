package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird get user by e-mail: GET {@code /api/user/v1/get/email/<email>} for the realm's users.
 *
 * <p>Reference: user-get.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the local
 * backends. Full scale: 100 threads, the seed's figures (seed 001 §1: 100 threads, 100000 samples,
 * 0 errors, mean 65 ms, 1424.5 req/s) as SLA, see {@link UserSlas}. Reproduce the seed's run (100
 * threads x 1000 iterations) against an environment: {@code mvn verify -Pperf
 * -Dit.test=UserGetByEmailIT -Dperf.target=NAME -Dperf.profile=load -Dperf.threads=100
 * -Dperf.iterations=1000 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class UserGetByEmailIT {

  @Test
  void shouldGetUsersByEmailWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.USER_BY_EMAIL;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
