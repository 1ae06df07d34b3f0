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
 * Sunbird user existence: GET {@code /v1/user/exists/email/<email>} for the realm's users.
 *
 * <p>Reference: user-existence.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the
 * local backends. Full scale: 100 threads, the seed's figures (seed 001 §2 proxy rerun, the only
 * row: 100 threads, 1000000 samples, 0 errors, mean 66 ms, 1445.1 req/s) as SLA, see
 * {@link UserLoad}. Reproduce the seed's run (100 threads x 10000 iterations) against an
 * environment: {@code mvn verify -Pperf -Dit.test=UserExistsIT -Dperf.target=NAME
 * -Dperf.profile=load -Dperf.threads=100 -Dperf.iterations=10000 -Dperf.ramp-up=60s
 * -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class UserExistsIT {

  @Test
  void shouldAnswerUserExistenceWithinSlaAtConfiguredLoad(PerfSession perf) {
    LoadProfile profile = UserLoad.profile(perf.config(), SeedRun.USER_EXISTS.threads());
    RunResult result = perf.run(UserJourneys.userExists(UserTargets.of(perf), profile));

    sla(perf.config(), profile).evaluate(result).assertPassed();
  }

  private static Sla sla(PerfConfig config, LoadProfile profile) {
    if (UserLoad.smoke(config)) {
      // Stubs answer in a few ms and cannot fail: no error, a sub-second tail.
      return Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.USER_EXISTS).p95Below(Duration.ofMillis(500)));
    }
    return UserLoad.fullScale(profile, List.of(new Labelled(UserJourneys.USER_EXISTS,
        SeedRun.USER_EXISTS)));
  }
}
