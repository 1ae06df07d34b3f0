package dev.perfsuite.scenarios.sunbird.content;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird DeviceRegister alone, as DeviceRegister.jmx (sampler "Device-Register-API") of
 * {@code initial-setup/scenarios}: {@code POST /api/v3/device/register/${__UUID()}} with the
 * portal's device body, {@code ts} from {@code __time} and a random channel; no Accept-Encoding,
 * straight to the proxy (port 443 or 80 in the reference), with the Header Manager of
 * docs/reference/seed-systems.md §A.2. It loads bearer.csv; here the bearer is a real password-grant token
 * ({@link SunbirdBearer}).
 *
 * <p>Smoke: the configured smoke profile against the local stubs; no errors, p95 under 500 ms.
 *
 * <p>Full scale (any other {@code perf.profile}, used as configured): seed 000 §1 measured 536.1
 * req/s at a 426 ms mean on 1 server, for at least 15 minutes; by Little's law about 228 requests
 * in flight. Thresholds: mean below 426 ms, throughput above 536.1 req/s scaled to the configured
 * users ({@link SunbirdSlas#standalone}). Reproduce the seed with
 * {@code -Dperf.profile=load -Dperf.threads=228 -Dperf.target=NAME} (60 s ramp, 14 min hold, the
 * first 5 min excluded as warm-up), where {@code targets/NAME.properties} sets {@code sunbird.url}
 * to the proxy and {@code keycloak.url} for the token.
 */
@PerfScenario
@Tag("sunbird")
class DeviceRegisterIT {

  @Test
  void shouldRegisterDevicesWithinSlaAtConfiguredLoad(PerfSession perf) {
    StandaloneApi api = StandaloneApi.DEVICE_REGISTER;
    RunResult result = perf.run(api.plan(perf));

    perf.judge(SunbirdSlas.standalone(api, perf.config().profile()), result).assertPassed();
  }
}
