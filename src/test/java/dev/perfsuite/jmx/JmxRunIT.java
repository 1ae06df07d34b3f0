package dev.perfsuite.jmx;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-written JMX fixtures run through the suite's embedded engine against a capturing WireMock
 * server on a loopback ephemeral port: what reaches the server is what the plan describes, and the
 * suite's statistics are those of its JTL.
 */
@Timeout(120)
class JmxRunIT {
  private static final LoadProfile NO_WARM_UP = Profiles.smoke().withWarmUp(Duration.ZERO);
  @TempDir
  Path results;
  private WireMockServer server;

  @BeforeEach
  void start() {
    server = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1")
        .dynamicPort());
    server.start();
    server.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(200).withBody("ok")));
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  private RunResult run(ImportedPlan plan) {
    return Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of(ResultFiles.watcher())).run(plan.plan());
  }

  private Map<String, String> props(String... extra) {
    Map<String, String> props = new HashMap<>(JmxFixtures.shop(server.port()));
    for (int i = 0; i < extra.length; i += 2) {
      props.put(extra[i], extra[i + 1]);
    }
    return props;
  }

  @Test
  void shouldSendWhatThePlanDescribesWithCsvRowsAndProperties() throws Exception {
    ImportedPlan plan = JmxPlans.load(JmxFixtures.file("shop-checkout.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, props("shop.sku", "B-2")), NO_WARM_UP);
    RunResult result = run(plan);

    List<LoggedRequest> requests = server.getAllServeEvents().stream()
        .map(e -> (LoggedRequest) e.getRequest()).toList();
    List<String> csv = Files.readAllLines(JmxFixtures.file("data/shoppers.csv")).subList(1, 7);
    List<String> users = requests.stream().filter(r -> r.getUrl().startsWith("/shop/users/"))
        .map(r -> r.getUrl()).sorted().toList();
    assertThat(users).as("2 threads x 3 loops read each CSV row once, id and name together")
        .containsExactlyElementsOf(csv.stream().map(l -> l.split(","))
            .map(c -> "/shop/users/" + c[1] + "?name=" + c[0]).sorted().toList());
    List<LoggedRequest> orders = requests.stream().filter(r -> r.getUrl().equals("/shop/orders"))
        .toList();
    assertThat(orders).hasSize(6).allSatisfy(r -> {
      assertThat(r.getMethod().getName()).isEqualTo("POST");
      assertThat(r.getHeader("Content-Type")).startsWith("application/json");
      assertThat(r.getBodyAsString()).matches("\\{\"user\":\"[a-z]+\",\"sku\":\"B-2\"}");
    });
    assertThat(orders.stream().map(LoggedRequest::getBodyAsString).map(b -> b.split("\"")[3])
        .sorted().toList()).as("the order of each user carries that user's CSV row")
        .containsExactlyElementsOf(csv.stream().map(l -> l.split(",")[0]).sorted().toList());
    assertThat(requests.stream().filter(r -> r.getUrl().equals("/shop/cart"))).hasSize(6);
    assertThat(requests).as("nothing else reached the server").hasSize(18);

    JtlSamples jtl = JtlSamples.read(result.directory());
    assertThat(result.labels()).contains("GET user", "POST order", "GET cart", "Checkout");
    for (String label : List.of("GET user", "POST order", "GET cart", "Checkout")) {
      List<JtlSamples.Row> rows = jtl.rows(label, Phase.MEASUREMENT);
      assertThat(result.measured(label).samples()).as("samples of %s vs JTL", label)
          .isEqualTo(rows.size()).isEqualTo(6);
      assertThat(result.measured(label).errors()).as("errors of %s vs JTL", label)
          .isEqualTo(rows.stream().filter(r -> !r.success()).count());
      assertThat(result.measured(label).latency().max()).as("max of %s vs JTL", label)
          .isEqualTo(rows.stream().mapToLong(JtlSamples.Row::elapsed).max().orElseThrow());
    }
    plan.sla().evaluate(result).assertPassed();
  }

  @Test
  void shouldRunTheUltimateThreadGroupSchedule() {
    ImportedPlan plan = JmxPlans.load(JmxFixtures.file("ultimate-ping.jmx"),
        JmxFixtures.settings(JmxLoad.PLAN, props()), NO_WARM_UP);
    RunResult result = run(plan);

    JtlSamples jtl = JtlSamples.read(result.directory());
    long pings = server.getAllServeEvents().stream()
        .filter(e -> e.getRequest().getUrl().equals("/ping")).count();
    assertThat(pings).as("three threads pacing at 100 ms for about 2 s").isGreaterThan(10);
    assertThat(result.measured("GET ping").samples()).isEqualTo(jtl.rows("GET ping",
        Phase.MEASUREMENT).size()).isEqualTo(pings);
    assertThat(result.interrupted()).as("ended on its own schedule").isFalse();
    plan.sla().evaluate(result).assertPassed();
  }

  @Test
  void shouldRunThePlanSamplersUnderTheSuiteProfileWhenLoadIsProfile() {
    LoadProfile profile = Profiles.smoke().withUsers(1).withIterations(2)
        .withWarmUp(Duration.ZERO);
    ImportedPlan plan = JmxPlans.load(JmxFixtures.file("shop-checkout.jmx"),
        JmxFixtures.settings(JmxLoad.PROFILE, props()), profile);
    RunResult result = run(plan);

    Map<String, Long> byPath = server.getAllServeEvents().stream()
        .map(e -> e.getRequest().getUrl().replaceAll("/users/.*", "/users/*"))
        .collect(Collectors.groupingBy(u -> u, Collectors.counting()));
    assertThat(byPath).as("1 user x 2 iterations, not the plan's 2 threads x 3 loops")
        .isEqualTo(Map.of("/shop/users/*", 2L, "/shop/orders", 2L, "/shop/cart", 2L));
    assertThat(result.measured("Checkout").samples()).isEqualTo(2);
    assertThat(Arrays.asList(result.users())).containsExactly(1);
  }
}
