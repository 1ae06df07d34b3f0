package dev.perfsuite.scenarios.sunbird.content;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird ContentSearch alone, as ContentSearch.jmx of {@code initial-setup/scenarios}:
 * {@code POST /v3/search} with a DIAL code filter ({@code dialcodes.csv}), straight to the search
 * service (port 9000 in the reference), with the Header Manager of docs/reference/seed-systems.md §A.2. The
 * reference loads no bearer.csv and so sends the literal {@code ${bearer}}; this sends a real
 * password-grant token ({@link SunbirdBearer}).
 *
 * <p>Smoke: the configured smoke profile against the local stubs; no errors, p95 under 500 ms.
 *
 * <p>Full scale (any other {@code perf.profile}, used as configured): seed 000 §1 measured 899.6
 * req/s at a 261 ms mean on 1 server, for at least 15 minutes; by Little's law about 235 requests
 * in flight. Thresholds: mean below 261 ms, throughput above 899.6 req/s scaled to the configured
 * users ({@link SunbirdSlas#standalone}). Reproduce the seed with
 * {@code -Dperf.profile=load -Dperf.threads=235 -Dperf.target=NAME} (60 s ramp, 14 min hold, the
 * first 5 min excluded as warm-up), where {@code targets/NAME.properties} sets {@code sunbird.url}
 * to the search service and {@code keycloak.url} for the token.
 */
@PerfScenario
@Tag("sunbird")
class ContentSearchIT {

  @Test
  void shouldSearchContentByDialCodeWithinSlaAtConfiguredLoad(PerfSession perf) {
    StandaloneApi api = StandaloneApi.CONTENT_SEARCH;
    RunResult result = perf.run(api.plan(perf));

    perf.judge(SunbirdSlas.standalone(api, perf.config().profile()), result).assertPassed();
  }
}
