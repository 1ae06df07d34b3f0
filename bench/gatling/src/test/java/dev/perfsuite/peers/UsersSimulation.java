package dev.perfsuite.peers;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The users benchmark's plan in Gatling (UsersPeersBench): {@code peer.users} users started
 * linearly over {@code peer.ramp-ms}, each looping one GET then a constant pause of
 * {@code peer.think-ms}, until {@code peer.warmup-ms + peer.hold-ms} after the start (closed
 * model, as the suite's users).
 *
 * <p>Requests sent during the warm-up ({@code peer.warmup-ms}: the ramp and one think time) are
 * silent, so the console's "Global Information" covers the hold only; the first request of the
 * hold prints {@code users plan: hold started} (the bench's CPU window starts there). A user's
 * last pause ends after the hold without a request. The warm-up request Gatling sends by default
 * to an outside host is off: load goes to the loopback target only. With
 * {@code -Dpeer.share-connections=true} the users share one connection pool (Gatling's
 * {@code shareConnections}), as the suite's {@code perf.users.connections=shared}; otherwise each
 * user keeps its own keep-alive connection.
 */
public class UsersSimulation extends Simulation {
  private static final String HOLD_MARKER = "users plan: hold started";

  private final String url = require("peer.url");
  private final int users = Integer.parseInt(require("peer.users"));
  private final Duration think = Duration.ofMillis(Long.parseLong(require("peer.think-ms")));
  private final long rampMillis = Long.parseLong(require("peer.ramp-ms"));
  private final long warmUpMillis = Long.parseLong(require("peer.warmup-ms"));
  private final long holdMillis = Long.parseLong(require("peer.hold-ms"));
  private final AtomicBoolean holding = new AtomicBoolean();
  private volatile long start;

  private final HttpProtocolBuilder protocol = Boolean.getBoolean("peer.share-connections")
      ? http.disableWarmUp().disableCaching().shareConnections()
      : http.disableWarmUp().disableCaching();

  private final ScenarioBuilder loop = scenario("users")
      .asLongAs(session -> System.currentTimeMillis() - start < warmUpMillis + holdMillis)
      .on(doIfOrElse(session -> inHold())
          .then(exec(http("hold").get(url)))
          .orElse(exec(http("warm-up").get(url).silent()))
          .pause(think));

  {
    OpenInjectionStep injection = rampMillis > 0
        ? rampUsers(users).during(Duration.ofMillis(rampMillis)) : atOnceUsers(users);
    setUp(loop.injectOpen(injection)).protocols(protocol).constantPauses()
        .maxDuration(Duration.ofMillis(warmUpMillis + holdMillis).plus(think).plusSeconds(30));
  }

  @Override
  public void before() {
    start = System.currentTimeMillis();
  }

  private boolean inHold() {
    boolean hold = System.currentTimeMillis() - start >= warmUpMillis;
    if (hold && holding.compareAndSet(false, true)) {
      System.out.println(HOLD_MARKER);
    }
    return hold;
  }

  private static String require(String key) {
    String value = System.getProperty(key);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("-D" + key + " is required (UsersPeersBench sets it)");
    }
    return value;
  }
}
