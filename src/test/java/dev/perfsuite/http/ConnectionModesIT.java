package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.engines.BuiltTree;
import dev.perfsuite.http.RecordingServer.Recorded;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * The connections each {@code perf.users.connections} mode opens, counted at the server (one
 * client port a connection): 20 users x 3 requests each.
 */
class ConnectionModesIT {
  private static final int USERS = 20;
  private static final int REQUESTS = 3;

  @Test
  void shouldKeepOneConnectionPerUserOnBothClients() {
    for (boolean suite : List.of(false, true)) {
      Counted counted = run(suite, true, 0);

      assertThat(counted.connections()).as("connections, per-user, suite %s", suite)
          .isEqualTo(USERS);
      assertThat(counted.failed()).as("failed samples").isZero();
    }
  }

  @Test
  void shouldOpenAConnectionPerRequestOnBothClients() {
    for (boolean suite : List.of(false, true)) {
      Counted counted = run(suite, false, 0);

      assertThat(counted.connections()).as("connections, per-request, suite %s", suite)
          .isEqualTo(USERS * REQUESTS);
      assertThat(counted.failed()).as("failed samples").isZero();
    }
  }

  @Test
  void shouldShareABoundedPoolAcrossUsers() {
    Counted counted = run(true, true, 4);

    assertThat(counted.connections()).as("connections, shared pool of 4")
        .isBetween(1L, 4L);
    assertThat(counted.requests()).as("requests served").isEqualTo(USERS * REQUESTS);
    assertThat(counted.failed()).as("failed samples").isZero();
  }

  private record Counted(long connections, int requests, long failed) {
  }

  private static Counted run(boolean suite, boolean keepAlive, int shared) {
    try (RecordingServer server = new RecordingServer()) {
      return run(server, suite, keepAlive, shared);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Counted run(RecordingServer server, boolean suite, boolean keepAlive,
      int shared) {
    CollectedSamples collected = new CollectedSamples();
    collected.setName("collected");
    TestPlanChild swap = BuiltTree.onceBuilt(tree -> {
      if (suite) {
        ClientSwap.apply(tree, shared);
      }
    });
    try {
      testPlan(httpCache().disable(), httpDefaults().connectionTimeout(Duration.ofSeconds(5))
              .responseTimeout(Duration.ofSeconds(5)).useKeepAlive(keepAlive),
          threadGroup(USERS, REQUESTS, httpSampler("get",
              "http://127.0.0.1:" + server.port() + "/echo?mode=1")),
          BuiltTree.of(collected, new ListedHashTree()), swap).run();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    List<Recorded> wire = server.take();
    return new Counted(wire.stream().map(Recorded::clientPort).distinct().count(), wire.size(),
        collected.samples().stream().filter(s -> !s.isSuccessful()).count());
  }
}
