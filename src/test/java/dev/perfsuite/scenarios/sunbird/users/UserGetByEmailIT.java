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
 * Sunbird get user by e-mail: GET {@code /api/user/v1/get/email/<email>} for the realm's users.
 *
 * <p>Reference: user-get.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the local
 * backends. Full scale: 100 threads, the seed's figures (seed 001 §1: 100 threads, 100000 samples,
 * 0 errors, mean 65 ms, 1424.5 req/s) as SLA, see {@link UserLoad}. Reproduce the seed's run (100
 * threads x 1000 iterations) against an environment: {@code mvn verify -Pperf
 * -Dit.test=UserGetByEmailIT -Dperf.target=NAME -Dperf.profile=load -Dperf.threads=100
 * -Dperf.iterations=1000 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class UserGetByEmailIT {

  @Test
  void shouldGetUsersByEmailWithinSlaAtConfiguredLoad(PerfSession perf) {
    LoadProfile profile = UserLoad.profile(perf.config(), SeedRun.USER_BY_EMAIL.threads());
    RunResult result = perf.run(UserJourneys.userByEmail(UserTargets.of(perf), profile));

    sla(perf.config(), profile).evaluate(result).assertPassed();
  }

  private static Sla sla(PerfConfig config, LoadProfile profile) {
    if (UserLoad.smoke(config)) {
      // Stubs answer in a few ms and cannot fail: no error, a sub-second tail.
      return Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.USER_BY_EMAIL).p95Below(Duration.ofMillis(500)));
    }
    return UserLoad.fullScale(profile, List.of(new Labelled(UserJourneys.USER_BY_EMAIL,
        SeedRun.USER_BY_EMAIL)));
  }
}
