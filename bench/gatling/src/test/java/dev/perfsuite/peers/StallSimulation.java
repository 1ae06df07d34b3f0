package dev.perfsuite.peers;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;

/**
 * The stall bench's plan in Gatling (StallBench): open injection, {@code peer.rate} new users per
 * second for {@code peer.seconds}, each sending one GET to {@code peer.url} and leaving.
 *
 * <p>Gatling injects users on its schedule whatever the server does, and times each request from
 * its actual send. The warm-up request Gatling sends by default to an outside host is off: load
 * goes to the loopback target only.
 */
public class StallSimulation extends Simulation {
  private final String url = require("peer.url");
  private final double rate = Double.parseDouble(require("peer.rate"));
  private final Duration duration = Duration.ofSeconds(Long.parseLong(require("peer.seconds")));

  private final HttpProtocolBuilder protocol = http.disableWarmUp().disableCaching();

  private final ScenarioBuilder arrivals = scenario("stall").exec(http("request").get(url));

  {
    setUp(arrivals.injectOpen(constantUsersPerSec(rate).during(duration))).protocols(protocol)
        .maxDuration(duration.plusSeconds(30));
  }

  private static String require(String key) {
    String value = System.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("-D" + key + " is required (StallBench sets it)");
    }
    return value;
  }
}
