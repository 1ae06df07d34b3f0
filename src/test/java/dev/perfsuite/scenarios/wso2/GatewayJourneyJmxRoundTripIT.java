package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.jmx.JavaSources;
import dev.perfsuite.jmx.JmxRoundTrip;
import dev.perfsuite.jmx.JmxToJava;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WSO2 gateway journey saved with the DSL's saveAsJmx and run back as a JMX sends the same
 * requests as the Java class, and the JMX converter turns that file into a class that compiles.
 */
@Timeout(120)
class GatewayJourneyJmxRoundTripIT {
  private static final Path COMMITTED = Path.of("src", "test", "java", "dev", "perfsuite",
      "scenarios", "imported", "Wso2GatewayJourneyIT.java");
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

  /**
   * The committed {@code scenarios/imported/Wso2GatewayJourneyIT} is the converter's output for
   * this journey (the smoke profile's shape, 2 users, 100 ms think time, so the suite's warm-up
   * leaves samples to judge) saved from a run on {@code 127.0.0.1:9} with that address named as
   * the gateway service, so it runs against whatever gateway the suite's service lookup answers.
   */
  @Test
  void shouldConvertItsSavedJmxIntoTheCommittedImportedClass(@TempDir Path dir) throws Exception {
    LoadPlan plan = GatewayJourney.plan(URI.create("http://127.0.0.1:9/"), 2, 1024,
        List.of("token-1", "token-2"), Profiles.smoke().withThinkTime(Duration.ofMillis(100)));
    Path jmx = JmxRoundTrip.saveAsJmx(plan, dir.resolve("wso2-gateway-journey.jmx"));

    Path source = JmxToJava.convert(jmx, Path.of("target", "jmx2java"),
        Map.of("127.0.0.1:9", "gateway"));

    // Long literals are split over lines ("..." + "...") to fit 100 columns: joined back here.
    String code = Files.readString(source).replaceAll("\"\\R\\s*\\+ \"", "");
    assertThat(code.substring(code.indexOf("static DslTestPlan dslPlan()")))
        .as("no fixed address left in the plan").doesNotContain("127.0.0.1")
        .contains("${__P(gateway.host)}:${__P(gateway.port)}/echo/1.0.0");
    assertThat(source).as("the converter's output (to accept a change, copy %s over %s)",
        source, COMMITTED).hasSameTextualContentAs(COMMITTED);
  }

  @Test
  void shouldConvertItsSavedJmxIntoAScenarioClassThatCompiles(@TempDir Path dir) throws Exception {
    LoadPlan plan = GatewayJourney.plan(URI.create("http://127.0.0.1:9/"), 2, 1024,
        List.of("token-1", "token-2"), PROFILE);
    Path jmx = JmxRoundTrip.saveAsJmx(plan, dir.resolve("wso2-gateway.jmx"));

    Path source = JmxToJava.convert(jmx, dir.resolve("src"));
    String code = Files.readString(source);

    assertThat(source.getFileName().toString()).isEqualTo("Wso2GatewayIT.java");
    assertThat(code).contains("@PerfScenario", "class Wso2GatewayIT",
        "httpSampler(\"POST echo 1KiB\"", "Sla.label(\"POST echo 1KiB\").samplesAtLeast(1)",
        "JmxPlans.fromDsl(SCENARIO, dslPlan()");
    assertThat(code).as("the run inside the plan's class loader, where its plugin functions are "
        + "JMeter's").contains("imported.withClassLoader(() -> perf.run(imported.plan()))");
    assertThat(JavaSources.compile(source, dir.resolve("classes"))).as("compiler errors")
        .isEmpty();
  }
}
