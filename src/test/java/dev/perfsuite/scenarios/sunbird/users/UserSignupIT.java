package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird user signup: POST {@code /api/user/v1/signup} of a new user per request.
 *
 * <p>Reference: user-create.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the
 * local backends. Full scale: 80 threads, the seed's figures (seed 001, 4 Keycloak nodes: 80
 * threads, 8000 samples, 0 errors, mean 636 ms, p95 1216.95 ms, p99 2777.98 ms, 111.1 req/s) as
 * SLA, see {@link UserSlas}. Reproduce the seed's run (80 threads x 100 iterations) against an
 * environment: {@code mvn verify -Pperf -Dit.test=UserSignupIT -Dperf.target=NAME
 * -Dperf.profile=load -Dperf.threads=80 -Dperf.iterations=100 -Dperf.ramp-up=60s
 * -Dperf.warm-up=30s}. Every request creates a user: run it against an environment that may keep
 * them.
 */
@PerfScenario
@Tag("sunbird")
class UserSignupIT {

  @Test
  void shouldSignUpUsersWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.SIGNUP;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
