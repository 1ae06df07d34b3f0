package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.sunbird.users.UserLoad.Labelled;
import dev.perfsuite.sla.Sla;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird user signup: POST {@code /api/user/v1/signup} of a new user per request.
 *
 * <p>Reference: user-create.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the
 * local backends. Full scale: 80 threads, the seed's figures (seed 001, 4 Keycloak nodes: 80
 * threads, 8000 samples, 0 errors, mean 636 ms, p95 1216.95 ms, p99 2777.98 ms, 111.1 req/s) as
 * SLA, see {@link UserLoad}. Reproduce the seed's run (80 threads x 100 iterations) against an
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
    LoadProfile profile = UserLoad.profile(perf.config(), SeedRun.SIGNUP.threads());
    RunResult result = perf.run(UserJourneys.signup(UserTargets.of(perf), profile,
        UserData.signupPassword()));

    sla(perf.config(), profile).evaluate(result).assertPassed();
  }

  private static Sla sla(PerfConfig config, LoadProfile profile) {
    if (UserLoad.smoke(config)) {
      // Stubs answer in a few ms and cannot fail: no error, a sub-second tail.
      return Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.SIGNUP).p95Below(Duration.ofMillis(500)));
    }
    return UserLoad.fullScale(profile, List.of(new Labelled(UserJourneys.SIGNUP,
        SeedRun.SIGNUP)));
  }
}
