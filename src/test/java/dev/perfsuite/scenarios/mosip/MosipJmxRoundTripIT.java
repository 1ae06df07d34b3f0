package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.CapturingStubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MOSIP journeys saved with the DSL's saveAsJmx and run back as a JMX send the same requests
 * as the Java classes, against the capturing stubs: the token each user takes from
 * {@code Set-Cookie} and the OTP taken from generate's answer travel the same way from the JMX
 * (both minted at random by the stubs, so compared by shape).
 */
@Timeout(180)
class MosipJmxRoundTripIT {
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(2)
      .withWarmUp(Duration.ZERO);

  @Test
  void shouldSendTheSameAuthManagerRequestsFromItsSavedJmxAsFromJava(@TempDir Path dir) {
    try (CapturingStubs stubs = CapturingStubs.start();
        JmxRoundTrip trip = JmxRoundTrip.on(stubs.server(), dir)) {
      LoadPlan plan = AuthManagerJourney.plan(stubs.base(), MosipClient.local(), PROFILE);
      List<String> java = trip.viaJava(plan);
      List<String> jmx = trip.viaJmx(plan);

      assertThat(java).as("2 users x 2 iterations x (authenticate, validateToken)").hasSize(8)
          .filteredOn(r -> r.contains(MosipRequests.VALIDATE_TOKEN_PATH))
          .as("validateToken carries the token of Set-Cookie").hasSize(4)
          .allMatch(r -> r.contains("cookie=Authorization=<jwt>"));
      assertThat(jmx).as("requests from the saved JMX").containsExactlyElementsOf(java);
    }
  }

  @Test
  void shouldSendTheSameOtpManagerRequestsFromItsSavedJmxAsFromJava(@TempDir Path dir) {
    try (CapturingStubs stubs = CapturingStubs.start();
        JmxRoundTrip trip = JmxRoundTrip.on(stubs.server(), dir)
            .normalizing("otp=\\d{6}", "otp=<6 digits>")) {
      LoadPlan plan = OtpManagerJourney.plan(OtpManagerJourney.SCENARIO, stubs.base(),
          stubs.base(), MosipClient.local(), PROFILE, Duration.ZERO);
      List<String> java = trip.viaJava(plan);
      List<String> jmx = trip.viaJmx(plan);

      assertThat(java).as("2 users: authenticate once, 2 x (generate, validate)").hasSize(10)
          .filteredOn(r -> r.startsWith("GET "))
          .as("validate sends the OTP generate returned").hasSize(4)
          .allMatch(r -> r.contains("otp=<6 digits>"));
      assertThat(jmx).as("requests from the saved JMX").containsExactlyElementsOf(java);
    }
  }
}
