package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird user existence: GET {@code /v1/user/exists/email/<email>} for the realm's users.
 *
 * <p>Reference: user-existence.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the
 * local backends. Full scale: 100 threads, the seed's figures (seed 001 §2 proxy rerun, the only
 * row: 100 threads, 1000000 samples, 0 errors, mean 66 ms, 1445.1 req/s) as SLA, see
 * {@link UserSlas}. Reproduce the seed's run (100 threads x 10000 iterations) against an
 * environment: {@code mvn verify -Pperf -Dit.test=UserExistsIT -Dperf.target=NAME
 * -Dperf.profile=load -Dperf.threads=100 -Dperf.iterations=10000 -Dperf.ramp-up=60s
 * -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class UserExistsIT {

  @Test
  void shouldAnswerUserExistenceWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.USER_EXISTS;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
