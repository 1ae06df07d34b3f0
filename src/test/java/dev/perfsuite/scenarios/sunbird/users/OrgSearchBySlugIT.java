package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird organisation search: POST {@code /api/org/v1/search} by slug, as the user-management
 * benchmark ran it (filters {@code slug} and {@code isRootOrg: true}; the initial-setup OrgSearch
 * with slug, identifier and isRootOrg is {@code scenarios.sunbird.content.OrgSearchIT}).
 *
 * <p>Reference: org-search.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the local
 * backends. Full scale: 400 threads, the seed's figures (seed 001 §1: 400 threads, 120000 samples,
 * 0 errors, mean 333 ms, 1130.8 req/s) as SLA, see {@link UserSlas}. Reproduce the seed's run (400
 * threads x 300 iterations) against an environment: {@code mvn verify -Pperf
 * -Dit.test=OrgSearchBySlugIT -Dperf.target=NAME -Dperf.profile=load -Dperf.threads=400
 * -Dperf.iterations=300 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class OrgSearchBySlugIT {

  @Test
  void shouldSearchOrganisationsWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.ORG_SEARCH;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
