package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.Secret;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each standalone Sunbird API scenario (CSV-fed, bearer and common headers) saved with the DSL's
 * saveAsJmx and run back as a JMX sends the same requests as the Java plan. Telemetry, whose gzip
 * body file the scenario writes per run, is in {@link ContentMixesJmxRoundTripIT}, which writes
 * one file for both runs.
 */
@Timeout(300)
class StandaloneApiJmxRoundTripIT {
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(2)
      .withWarmUp(Duration.ZERO);

  @ParameterizedTest
  @EnumSource(value = StandaloneApi.class, names = "TELEMETRY", mode = EnumSource.Mode.EXCLUDE)
  void shouldSendTheSameRequestsFromItsSavedJmxAsFromJava(StandaloneApi api,
      @TempDir Path dir) {
    try (JmxRoundTrip trip = JmxRoundTrip.start(dir)) {
      LoadPlan plan = api.plan(trip.base(), new Secret("PERF_SUNBIRD_BEARER", "bearer-1"), null,
          PROFILE);
      List<String> java = trip.viaJava(plan);
      List<String> jmx = trip.viaJmx(plan);

      assertThat(java).as("%s: 2 users x 2 iterations", api).hasSizeGreaterThanOrEqualTo(4);
      assertThat(jmx).as("%s: requests from the saved JMX", api).containsExactlyElementsOf(java);
    }
  }
}
