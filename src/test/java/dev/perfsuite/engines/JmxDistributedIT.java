package dev.perfsuite.engines;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.jmx.ImportedPlan;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMX plan with its own thread group and a CSV data set on two remote engines (child JVMs on
 * loopback): with {@code perf.remotes.split=even} each engine runs its share of the group's
 * threads, with {@code per-engine} the whole plan, as JMeter's distributed mode does; an uneven
 * split is refused before load. The controller's recorder adds the engines' samples up.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class JmxDistributedIT {
  private static WireMockServer server;
  private static LocalRemoteEngines two;

  @TempDir
  Path results;

  @BeforeAll
  static void start() {
    server = new WireMockServer(WireMockConfiguration.options()
        .bindAddress("127.0.0.1").dynamicPort());
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
    two = LocalRemoteEngines.start(2);
  }

  @AfterAll
  static void stop() {
    if (two != null) {
      two.close();
    }
    server.stop();
  }

  @Test
  void shouldShareTheThreadGroupsThreadsAmongEnginesWhenSplitEven() {
    RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
        .run(shopCheckout(4).plan());

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.measured("GET user").samples())
        .as("4 threads shared by 2 engines x 3 loops").isEqualTo(12);
    assertThat(result.engines()).containsOnlyKeys(two.addresses().toArray(String[]::new));
    assertThat(result.engines().values()).as("both engines ran the same share")
        .extracting(LabelSummary::samples)
        .containsOnly(result.engines().values().iterator().next().samples());
    assertThat(result.overall(Phase.MEASUREMENT).errors()).isZero();
    assertThat(server.getAllServeEvents()).as("requests reaching the server").hasSize(36);
  }

  @Test
  void shouldRunTheWholePlanOnEveryRemoteEngineWhenSplitPerEngine() {
    RunResult result = two.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15))
        .run(shopCheckout(2).plan());

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.measured("GET user").samples()).as("2 engines x 2 threads x 3 loops")
        .isEqualTo(12);
    assertThat(result.overall(Phase.MEASUREMENT).errors()).isZero();
    assertThat(result.engines()).containsOnlyKeys(two.addresses().toArray(String[]::new));
  }

  @Test
  void shouldRefuseAThreadGroupThatDoesNotDivideEvenlyBeforeLoad() {
    server.resetRequests();
    DistributedEngine engine = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15));

    assertThatThrownBy(() -> engine.run(shopCheckout(3).plan()))
        .hasMessageContaining("cannot divide 3 users (thread group 'Shoppers' of plan "
            + "'shop-checkout') evenly across 2 engines")
        .hasMessageContaining("perf.remotes.split=per-engine");
    assertThat(server.getAllServeEvents()).as("no load sent").isEmpty();
  }

  private ImportedPlan shopCheckout(int threads) {
    server.resetRequests();
    JmxSettings settings = new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("shop.host",
        "127.0.0.1", "shop.port", Integer.toString(server.port()), "shop.threads",
        Integer.toString(threads)), Set.of(), Optional.empty(), 1.0);
    return JmxPlans.load(Path.of("src/test/resources/jmx-fixtures/shop-checkout.jmx"), settings,
        Profiles.smoke().withWarmUp(Duration.ZERO));
  }
}
