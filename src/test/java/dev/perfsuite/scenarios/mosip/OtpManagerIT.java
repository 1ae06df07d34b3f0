package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.backends.otp.OtpServiceSettings;
import dev.perfsuite.backends.otp.ReferenceOtpService;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * MOSIP OTP manager (seed 002): generate then validate an OTP with a 1 s pause after each, under
 * the stepped profile. Locally the OTP manager is the {@link ReferenceOtpService} on PostgreSQL
 * with a pool of {@code perf.mosip.otp.pool-size} connections (default 100) and the auth manager
 * is the stubs; for a named target both are {@code mosip.url}.
 *
 * <p>Full scale: {@code -Dperf.profile=stepped} (0 to 500 users over 250 s, hold 20 min, to 1000
 * over 250 s, hold 20 min; seed 002 held 900 s then 60 min: add {@code -Dperf.hold=60m} to hold
 * both steps an hour) and {@code -Dperf.mosip.otp.pool-size=300} for the seed's second run.
 */
@PerfScenario
@Tag("mosip")
class OtpManagerIT {
  private static ReferenceOtpService otpService;

  @BeforeAll
  static void startOtpService(PerfSession perf) {
    if (perf.config().target().isLocal()) {
      otpService = ReferenceOtpService.start(perf.backends().postgres(),
          OtpServiceSettings.forPool(perf.config().value(MosipSystem.OTP_POOL_SIZE).orElseThrow()));
    }
  }

  @AfterAll
  static void stopOtpService() {
    if (otpService != null) {
      otpService.close();
    }
  }

  @Test
  void shouldGenerateAndValidateOtpWithinSlaAtSteppedLoad(PerfSession perf) {
    URI otpManager = otpService != null ? otpService.baseUri() : perf.service("mosip");
    RunResult result = perf.run(OtpManagerJourney.plan(OtpManagerJourney.SCENARIO,
        perf.service("mosip"), otpManager, MosipClient.of(perf),
        MosipProfiles.otpManager(perf.config()), OtpManagerJourney.THINK_TIME));
    if (otpService != null) {
      System.out.println("Reference OTP service: " + otpService.usage());
    }

    Sla sla = MosipSlas.otpManager(perf.config().profile());
    perf.judge(sla, result).assertPassed();
  }
}
