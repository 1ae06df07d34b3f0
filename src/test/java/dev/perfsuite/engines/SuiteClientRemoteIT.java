package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.users.UserConnections;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code perf.http.client=suite} on a distributed run: the engine (a child JVM) runs the tree the
 * controller swapped. Shown by what only the suite's client does: 4 users sharing one connection
 * ({@code perf.users.connections=shared}, a pool of 1), where JMeter's client opens 4.
 */
class SuiteClientRemoteIT {
  @TempDir
  Path results;

  @AfterEach
  void clear() {
    System.clearProperty("perf.http.client");
    System.clearProperty("perf.users.connections.max");
  }

  @Test
  @Timeout(value = 200, unit = TimeUnit.SECONDS)
  void shouldRunTheSuitesClientOnRemoteEngines() throws IOException {
    Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    Set<String> connectionHeaders = ConcurrentHashMap.newKeySet();
    HttpServer server = HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    server.createContext("/", exchange -> {
      clientPorts.add(exchange.getRemoteAddress().getPort());
      connectionHeaders.add(String.valueOf(exchange.getRequestHeaders().get("Connection"))
          + " " + exchange.getRequestHeaders().get("User-Agent"));
      byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    System.setProperty("perf.http.client", "suite");
    System.setProperty("perf.users.connections.max", "1");
    LoadProfile profile = Profiles.smoke().withUsers(4).withRampUp(Duration.ZERO)
        .withIterations(5).withWarmUp(Duration.ZERO).withConnections(UserConnections.SHARED);
    try (LocalRemoteEngines one = LocalRemoteEngines.start(1)) {
      RunResult result = one.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15))
          .run(LoadPlan.of("suite-client-remote", profile, httpSampler("GET ok",
              "http://127.0.0.1:" + server.getAddress().getPort() + "/ok")));

      assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples, 4 users x 5")
          .isEqualTo(20);
      assertThat(result.overall(Phase.MEASUREMENT).errors()).as("errors: %s",
          Files.readAllLines(result.directory().resolve(ResultDirectory.JTL)).stream()
              .filter(line -> line.contains(",false,")).toList()).isZero();
      assertThat(clientPorts).as("connections the engine opened: one shared by its 4 users "
          + "(requests' Connection and User-Agent headers: %s)", connectionHeaders)
          .hasSize(1);
    } finally {
      server.stop(0);
    }
  }
}
