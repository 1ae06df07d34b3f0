package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird's 4-call browser login against real Keycloak: portal {@code /resources}, Keycloak's
 * login page, the credentials POST and the portal callback, in the transaction
 * {@value UserJourneys#LOGIN} (see {@link UserJourneys#loginWorkflow}).
 *
 * <p>Reference: sunbird-platform/login/login.jmx (docs/reference/seed-systems.md §A.5). Locally the portal is the
 * stub portal, which redirects to the realm's {@code portal} client once Keycloak has started.
 * Full scale: 160 threads, the seed's per-call figures (seed 001 §2, 4 Keycloak nodes: 160
 * threads, 64000 samples, 58 errors, mean 315 ms, p95 1159 ms, p99 3082 ms, 474.6 req/s) as SLA
 * on all four calls together, see {@link UserSlas}. Reproduce the seed's run (160 threads x 100
 * logins): {@code mvn verify -Pperf -Dit.test=LoginWorkflowIT -Dperf.target=NAME
 * -Dperf.profile=load -Dperf.threads=160 -Dperf.iterations=100 -Dperf.ramp-up=60s
 * -Dperf.warm-up=30s}, with {@code portal.url} and {@code keycloak.url} in the target file and
 * the users' password in {@code PERF_KEYCLOAK_USER_PASSWORD}. The seed's long run (160 threads,
 * 3 h 55 min, 453 req/s): {@code -Dperf.profile=load -Dperf.threads=160 -Dperf.hold=235m}.
 */
@PerfScenario
@Tag("sunbird")
class LoginWorkflowIT {

  @Test
  void shouldLogUsersInThroughKeycloakWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.LOGIN;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
