package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.PerfConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pre-load probe of a service URL: a dead port fails naming key, URL and cause. */
class ServiceProbeTest {
  private final ServiceProbe probe = new ServiceProbe(Duration.ofSeconds(2),
      Duration.ofSeconds(5));

  @Test
  void shouldFailNamingKeyUrlAndCauseWhenNothingListens() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    URI url = URI.create("http://127.0.0.1:" + port + "/api/");

    assertThatThrownBy(() -> probe.probe("gateway.url", "perf.target=staging", url))
        .as("probe of a closed port").isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("gateway.url=" + url)
        .hasMessageContaining("perf.target=staging")
        .hasMessageContaining("connect to 127.0.0.1:" + port + " failed")
        .hasMessageContaining("Connection refused")
        .hasMessageContaining("No load was sent");
  }

  @Test
  void shouldPassWhenTheServiceAnswersAnyHttpStatus() throws Exception {
    HttpServer server = HttpServer.create(new InetSocketAddress(
        InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
    });
    server.start();
    try {
      URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
      assertThat(probe.probe("sunbird.url", "perf.target=staging", url))
          .as("a 404 still proves the service answers").isEqualTo(404);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void shouldFailBeforeLoadWhenAScenarioResolvesADeadServiceOfANamedTarget() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Path file = Path.of(ServiceProbeTest.class.getClassLoader().getResource(".").toURI())
        .resolve("targets").resolve("dead-probe.properties");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "gateway.url=http://127.0.0.1:" + port + "/echo\n");
    try (PerfSession session = new PerfSession(
        PerfConfig.of(Map.of("perf.target", "dead-probe")))) {
      assertThatThrownBy(() -> session.service("gateway")).as("resolving a dead gateway.url")
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("gateway.url=http://127.0.0.1:" + port + "/echo")
          .hasMessageContaining("targets/dead-probe.properties")
          .hasMessageContaining("Connection refused");
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
