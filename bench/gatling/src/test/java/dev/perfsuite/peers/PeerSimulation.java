package dev.perfsuite.peers;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.time.Duration;

/**
 * The peers benchmark's plan in Gatling: {@code peer.users} users started at once, each looping
 * one request for {@code peer.seconds} with no think time (closed model, as the other tools).
 *
 * <p>{@code peer.body} &gt; 0 posts a JSON document of exactly that many bytes (the same as the
 * suite's bench payload), else a GET. The warm-up request Gatling sends by default to an outside
 * host is off: load goes to the loopback target only.
 */
public class PeerSimulation extends Simulation {
  private final String url = require("peer.url");
  private final int users = Integer.parseInt(require("peer.users"));
  private final Duration duration = Duration.ofSeconds(Long.parseLong(require("peer.seconds")));
  private final int body = Integer.getInteger("peer.body", 0);

  private final HttpProtocolBuilder protocol = http.disableWarmUp().disableCaching();

  private final HttpRequestActionBuilder request = body > 0
      ? http("request").post(url).header("Content-Type", "application/json")
          .body(StringBody(json(body)))
      : http("request").get(url);

  private final ScenarioBuilder loop = scenario("peer").during(duration).on(exec(request));

  {
    setUp(loop.injectOpen(atOnceUsers(users))).protocols(protocol)
        .maxDuration(duration.plusSeconds(30));
  }

  private static String require(String key) {
    String value = System.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("-D" + key + " is required (PeersBench sets it)");
    }
    return value;
  }

  /** {@code {"payload":"xxx..."}} padded to exactly {@code bytes} bytes, as the suite's bench. */
  private static String json(int bytes) {
    String head = "{\"payload\":\"";
    String tail = "\"}";
    return head + "x".repeat(Math.max(0, bytes - head.length() - tail.length())) + tail;
  }
}
