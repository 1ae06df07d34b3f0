package dev.perfsuite.engines;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.perfsuite.config.JmxLoad;
import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.RemoteSplit;
import dev.perfsuite.jmx.ImportedPlan;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMX plan with its own thread group and a CSV data set on two remote engines (child JVMs on
 * loopback): each engine runs the whole plan, as JMeter's distributed mode does, and the
 * controller's recorder adds their samples up.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class JmxDistributedIT {
  @TempDir
  Path results;

  @Test
  void shouldRunTheWholePlanOnEveryRemoteEngine() {
    WireMockServer server = new WireMockServer(WireMockConfiguration.options()
        .bindAddress("127.0.0.1").dynamicPort());
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
    try (LocalRemoteEngines two = LocalRemoteEngines.start(2)) {
      JmxSettings settings = new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("shop.host",
          "127.0.0.1", "shop.port", Integer.toString(server.port())), Set.of(),
          Optional.empty(), 1.0);
      ImportedPlan plan = JmxPlans.load(Path.of("src/test/resources/jmx-fixtures/"
          + "shop-checkout.jmx"), settings, Profiles.smoke().withWarmUp(Duration.ZERO));

      RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
          .run(plan.plan());

      assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
      assertThat(result.measured("GET user").samples()).as("2 engines x 2 threads x 3 loops")
          .isEqualTo(12);
      assertThat(result.overall(Phase.MEASUREMENT).errors()).isZero();
      assertThat(server.getAllServeEvents()).as("requests reaching the server").hasSize(36);
      assertThat(result.engines()).containsOnlyKeys(two.addresses().toArray(String[]::new));
    } finally {
      server.stop();
    }
  }
}
