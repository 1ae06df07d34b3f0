package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JavaSources;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.jmx.JmxToJava;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WSO2 gateway journey saved with the DSL's saveAsJmx and run back as a JMX sends the same
 * requests as the Java class, and the JMX converter turns that file into a class that compiles.
 */
@Timeout(120)
class GatewayJourneyJmxRoundTripIT {
  private static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(3)
      .withWarmUp(Duration.ZERO);

  @Test
  void shouldSendTheSameRequestsFromItsSavedJmxAsFromJava(@TempDir Path dir) {
    try (JmxRoundTrip trip = JmxRoundTrip.start(dir)) {
      LoadPlan plan = GatewayJourney.plan(trip.base(), 2, 1024, List.of("token-1", "token-2"),
          PROFILE);
      List<String> java = trip.viaJava(plan);
      List<String> jmx = trip.viaJmx(plan);

      assertThat(java).as("2 users x 3 iterations of the Java journey").hasSize(6)
          .allMatch(r -> r.startsWith("POST /echo/1.0.0 | authorization=Bearer token-"));
      assertThat(jmx).as("requests from the saved JMX").containsExactlyElementsOf(java);
    }
  }

  @Test
  void shouldConvertItsSavedJmxIntoAScenarioClassThatCompiles(@TempDir Path dir) throws Exception {
    LoadPlan plan = GatewayJourney.plan(java.net.URI.create("http://127.0.0.1:9/"), 2, 1024,
        List.of("token-1", "token-2"), PROFILE);
    Path jmx = JmxRoundTrip.saveAsJmx(plan, dir.resolve("wso2-gateway.jmx"));

    Path source = JmxToJava.convert(jmx, dir.resolve("src"));
    String code = Files.readString(source);

    assertThat(source.getFileName().toString()).isEqualTo("Wso2GatewayIT.java");
    assertThat(code).contains("@PerfScenario", "class Wso2GatewayIT",
        "httpSampler(\"POST echo 1KiB\"", "Sla.label(\"POST echo 1KiB\").samplesAtLeast(1)",
        "JmxPlans.fromDsl(SCENARIO, dslPlan()");
    assertThat(JavaSources.compile(source, dir.resolve("classes"))).as("compiler errors")
        .isEmpty();
  }
}
