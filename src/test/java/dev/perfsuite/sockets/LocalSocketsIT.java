package dev.perfsuite.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.echo.EchoEmbedded;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.backends.stubs.StubServer;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.metrics.LiveMetrics;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Every component that listens (outside the engines) listens on loopback, not on every interface.
 *
 * <p>Each is started as a run starts it, with its defaults, and its listening sockets are read
 * from {@code /proc/net/tcp*}: the standalone echo backend, the embedded echo, the Prometheus
 * endpoint, the embedded WireMock stubs and the embedded PostgreSQL (a child process). The
 * embedded Keycloak, slow to start, is checked by {@code KeycloakServerIT}, which shares the start
 * its other tests need. About 10 s.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc/net/tcp")
class LocalSocketsIT {

  @Test
  void shouldBindEveryLocalComponentToLoopbackNotTheWildcard() throws Exception {
    BackendSettings backends = BackendSettings.defaults();
    try (EchoBackend standalone = EchoBackend.start(EchoOptions.defaults().withPort(0));
        EchoEmbedded embedded = new EchoEmbedded(0, Duration.ZERO);
        LiveMetrics prometheus = LiveMetrics.start(new MetricsSettings(MetricsExport.PROMETHEUS,
            "127.0.0.1", 0, URI.create("http://localhost:4318/v1/metrics"),
            Duration.ofSeconds(10)));
        StubServer stubs = StubServer.start(Provider.EMBEDDED, backends);
        PostgresServer postgres = PostgresServer.start(Provider.EMBEDDED, backends)) {
      expectLoopbackOnly("standalone echo backend (its defaults)", standalone.port());
      expectLoopbackOnly("embedded echo backend", embedded.uri().getPort());
      expectLoopbackOnly("Prometheus endpoint", prometheus.endpoint().orElseThrow().getPort());
      expectLoopbackOnly("embedded WireMock stubs", stubs.endpoint().base().getPort());
      expectLoopbackOnly("embedded PostgreSQL", postgres.endpoint().port());
    }
  }

  private static void expectLoopbackOnly(String component, int port) {
    List<ListeningSockets.Listener> listeners = ListeningSockets.onPort(port);
    assertThat(listeners).as("listening sockets of the %s on port %d", component, port)
        .isNotEmpty()
        .allSatisfy(l -> assertThat(l.address().isLoopbackAddress())
            .as("%s listens on %s: loopback, not every interface", component, l).isTrue());
  }
}
