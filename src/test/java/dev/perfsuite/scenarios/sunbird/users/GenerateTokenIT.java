package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Keycloak password grant (Sunbird's generate-token API): POST the realm's token endpoint with
 * the public client {@code sunbird-direct}, a realm user and the realm's password.
 *
 * <p>Reference: generate-token.jmx (docs/reference/seed-systems.md §A.4), whose {@code client_id} was undefined.
 * Smoke: the configured profile against real Keycloak (local: embedded or container, with
 * {@code perf.keycloak.hash-iterations}, 20000 by default as the seed). Full scale: 100 threads,
 * the seed's figures (seed 001 §1: 100 threads, 300000 samples, 0 errors, mean 144 ms,
 * 678.4 req/s) as SLA, see {@link UserSlas}. Reproduce the seed's run (100 threads x 3000
 * iterations): {@code mvn verify -Pperf -Dit.test=GenerateTokenIT -Dperf.target=NAME
 * -Dperf.profile=load -Dperf.threads=100 -Dperf.iterations=3000 -Dperf.ramp-up=60s
 * -Dperf.warm-up=30s}, with the users' password in {@code PERF_KEYCLOAK_USER_PASSWORD}.
 */
@PerfScenario
@Tag("sunbird")
class GenerateTokenIT {

  @Test
  void shouldIssueTokensWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.GENERATE_TOKEN;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
