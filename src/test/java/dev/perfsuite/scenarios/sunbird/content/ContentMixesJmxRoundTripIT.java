package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Sunbird content mixes (SoakTest, production ratio) and the telemetry API, the standalone
 * API {@link StandaloneApiJmxRoundTripIT} leaves out, saved with the DSL's saveAsJmx and run back
 * as a JMX send the same requests as the Java plans: the CSV-fed samplers in order, the common
 * header manager and the gzip file body (one file written for both runs).
 */
@Timeout(300)
class ContentMixesJmxRoundTripIT {
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(1)
      .withWarmUp(Duration.ZERO);
  private static final Secret BEARER = new Secret("PERF_SUNBIRD_BEARER", "bearer-1");

  @TempDir
  Path dir;

  @Test
  void shouldSendTheSameSoakMixRequestsFromItsSavedJmxAsFromJava() {
    List<String> java = roundTrip(base -> SunbirdMixes.soakTest(base, BEARER, gzip(), PROFILE));

    assertThat(java).as("2 users x the nine requests of SoakTest.jmx").hasSize(18);
  }

  @Test
  void shouldSendTheSameProductionMixRequestsFromItsSavedJmxAsFromJava() {
    List<String> java = roundTrip(base -> SunbirdMixes.productionRatio(base, BEARER, gzip(),
        PROFILE));

    assertThat(java).as("2 users x the fifteen requests of one production iteration")
        .hasSize(30);
  }

  @Test
  void shouldSendTheSameTelemetryRequestsFromItsSavedJmxAsFromJava() {
    List<String> java = roundTrip(base -> StandaloneApi.TELEMETRY.plan(base, BEARER, gzip(),
        PROFILE));

    assertThat(java).as("2 users x 1 gzip POST").hasSize(2)
        .allMatch(r -> r.startsWith("POST /v1/telemetry | authorization=Bearer bearer-1"));
  }

  /** The requests of the Java plan, after checking the saved JMX sends the same. */
  private List<String> roundTrip(Function<URI, LoadPlan> plan) {
    try (JmxRoundTrip trip = JmxRoundTrip.start(dir)) {
      LoadPlan loadPlan = plan.apply(trip.base());
      List<String> java = trip.viaJava(loadPlan);
      List<String> jmx = trip.viaJmx(loadPlan);

      assertThat(jmx).as("%s: requests from the saved JMX", loadPlan.scenario())
          .containsExactlyElementsOf(java);
      return java;
    }
  }

  private Path gzip() {
    return TelemetryPayload.writeGzip(dir.resolve("data"));
  }
}
