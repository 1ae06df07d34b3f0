package dev.perfsuite.scenarios.sunbird.content;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird Telemetry alone, as Telemetry.jmx (sampler "SendTelemetry") of
 * {@code initial-setup/scenarios}: {@code POST /v1/telemetry}, body a gzip file of 200 synthetic
 * IMPRESSION events ({@link TelemetryPayload}) with {@code Content-Encoding: gzip} and no
 * Accept-Encoding, straight to the telemetry service (port 9001 in the reference), with the Header
 * Manager of docs/reference/seed-systems.md §A.2. The reference loads no bearer.csv and so sends the literal
 * {@code ${bearer}}; this sends a real password-grant token ({@link SunbirdBearer}).
 *
 * <p>Smoke: the configured smoke profile against the local stubs; no errors, p95 under 500 ms.
 *
 * <p>Full scale (any other {@code perf.profile}, used as configured): seed 000 §1 measured 285.3
 * req/s at a 389 ms mean on 1 server, for at least 15 minutes; by Little's law about 111 requests
 * in flight. Thresholds: mean below 389 ms, throughput above 285.3 req/s scaled to the configured
 * users ({@link SunbirdSlas#standalone}). Reproduce the seed with
 * {@code -Dperf.profile=load -Dperf.threads=111 -Dperf.target=NAME} (60 s ramp, 14 min hold, the
 * first 5 min excluded as warm-up), where {@code targets/NAME.properties} sets {@code sunbird.url}
 * to the telemetry service and {@code keycloak.url} for the token.
 */
@PerfScenario
@Tag("sunbird")
class TelemetryIT {

  @Test
  void shouldAcceptGzipTelemetryWithinSlaAtConfiguredLoad(PerfSession perf) {
    StandaloneApi api = StandaloneApi.TELEMETRY;
    RunResult result = perf.run(api.plan(perf));

    perf.judge(SunbirdSlas.standalone(api, perf.config().profile()), result).assertPassed();
  }
}
