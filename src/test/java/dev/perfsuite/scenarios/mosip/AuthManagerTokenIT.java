package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * MOSIP auth manager (seed 004): authenticate with client id and secret key, then validate the
 * token, against the auth manager stubs locally or {@code mosip.url} of a named target.
 *
 * <p>Full scale: {@code -Dperf.profile=stepped} runs seed 004's 1500 to 2300 users
 * ({@link MosipProfiles#seed004()}); any override ({@code -Dperf.threads}, {@code -Dperf.hold},
 * ...) or another profile runs that profile instead. A named target needs
 * {@code PERF_MOSIP_SECRET_KEY} in the environment.
 */
@PerfScenario
@Tag("mosip")
class AuthManagerTokenIT {

  @Test
  void shouldAuthenticateAndValidateTokenWithinSlaAtConfiguredLoad(PerfSession perf) {
    RunResult result = perf.run(AuthManagerJourney.plan(perf.service("mosip"),
        MosipClient.of(perf), MosipProfiles.authManager(perf.config())));

    perf.judge(MosipSlas.authManager(perf.config().profile()), result).assertPassed();
  }
}
