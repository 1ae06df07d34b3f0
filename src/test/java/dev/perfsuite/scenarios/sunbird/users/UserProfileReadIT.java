package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird user profile read: GET {@code /api/user/v2/read/<userId>} with the user's own
 * Keycloak token in {@code x-authenticated-user-token}.
 *
 * <p>Each thread takes a token by password grant on its first iteration and again shortly
 * before it expires (label {@value UserJourneys#USER_TOKEN}); the user id is the token's
 * {@code sub}. Reference: user-read.jmx (docs/reference/seed-systems.md §A.4), which read static tokens from a CSV
 * and sent an undefined {@code X-Device-Id}. Full scale: 400 threads, the seed's figures (seed
 * 001 §1: 400 threads, 120000 samples, 71 errors, mean 1267 ms, 286.6 req/s) as SLA on the
 * profile read, see {@link UserSlas}. Reproduce the seed's run (400 threads x 300 iterations):
 * {@code mvn verify -Pperf -Dit.test=UserProfileReadIT -Dperf.target=NAME -Dperf.profile=load
 * -Dperf.threads=400 -Dperf.iterations=300 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class UserProfileReadIT {

  @Test
  void shouldReadProfilesWithUserTokensWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.PROFILE_READ;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
