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
 * Sunbird organisation search: POST {@code /api/org/v1/search} by slug, as the user-management
 * benchmark ran it (filters {@code slug} and {@code isRootOrg: true}; the initial-setup OrgSearch
 * with slug, identifier and isRootOrg is {@code scenarios.sunbird.content.OrgSearchIT}).
 *
 * <p>Reference: org-search.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the local
 * backends. Full scale: 400 threads, the seed's figures (seed 001 §1: 400 threads, 120000 samples,
 * 0 errors, mean 333 ms, 1130.8 req/s) as SLA, see {@link UserLoad}. Reproduce the seed's run (400
 * threads x 300 iterations) against an environment: {@code mvn verify -Pperf
 * -Dit.test=OrgSearchBySlugIT -Dperf.target=NAME -Dperf.profile=load -Dperf.threads=400
 * -Dperf.iterations=300 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class OrgSearchBySlugIT {

  @Test
  void shouldSearchOrganisationsWithinSlaAtConfiguredLoad(PerfSession perf) {
    LoadProfile profile = UserLoad.profile(perf.config(), SeedRun.ORG_SEARCH.threads());
    RunResult result = perf.run(UserJourneys.orgSearch(UserTargets.of(perf), profile));

    sla(perf.config(), profile).evaluate(result).assertPassed();
  }

  private static Sla sla(PerfConfig config, LoadProfile profile) {
    if (UserLoad.smoke(config)) {
      // Stubs answer in a few ms and cannot fail: no error, a sub-second tail.
      return Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001)
          .and(Sla.label(UserJourneys.ORG_SEARCH).p95Below(Duration.ofMillis(500)));
    }
    return UserLoad.fullScale(profile, List.of(new Labelled(UserJourneys.ORG_SEARCH,
        SeedRun.ORG_SEARCH)));
  }
}
