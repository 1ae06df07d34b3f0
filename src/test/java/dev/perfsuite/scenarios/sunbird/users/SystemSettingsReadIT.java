package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird system settings read: GET {@code /api/data/v1/system/settings/get/<name>}.
 *
 * <p>Reference: system-settings.jmx (docs/reference/seed-systems.md §A.4). Smoke: the configured profile against the
 * local backends. Full scale: 400 threads, the seed's figures (seed 001 §1: 400 threads, 120000
 * samples, 0 errors, mean 106 ms, 2175.5 req/s) as SLA, see {@link UserSlas}. Reproduce the seed's
 * run (400 threads x 300 iterations) against an environment: {@code mvn verify -Pperf
 * -Dit.test=SystemSettingsReadIT -Dperf.target=NAME -Dperf.profile=load -Dperf.threads=400
 * -Dperf.iterations=300 -Dperf.ramp-up=60s -Dperf.warm-up=30s}.
 */
@PerfScenario
@Tag("sunbird")
class SystemSettingsReadIT {

  @Test
  void shouldReadSystemSettingsWithinSlaAtConfiguredLoad(PerfSession perf) {
    UserApi api = UserApi.SYSTEM_SETTINGS;
    LoadProfile profile = UserLoad.profile(perf.config(), api);
    RunResult result = perf.run(api.plan(UserTargets.of(perf), profile));

    perf.judge(UserSlas.journey(api, profile), result).assertPassed();
  }
}
