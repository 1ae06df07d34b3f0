package dev.perfsuite.backends.stubs;

import static dev.perfsuite.backends.stubs.StubRequests.get;
import static dev.perfsuite.backends.stubs.StubRequests.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerPort;
import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.PerfConfig;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testcontainers.DockerClientFactory;

/**
 * The stub server itself, under each provider: it reports unmatched requests, fails fast on a
 * missing image, and stops cleanly. What the stubs answer is checked beside the scenarios that
 * use them ({@code SunbirdStubAnswersIT}, {@code MosipStubAnswersIT}).
 *
 * <p>One server per provider for the whole class ({@link StubsPerProvider}).
 */
class StubServerIT {
  @RegisterExtension
  static final StubsPerProvider STUBS = new StubsPerProvider();

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldReportUnmatchedRequestsInLogTail(Provider provider) throws Exception {
    StubServer stubs = STUBS.of(provider);
    HttpResponse<String> response = send(stubs, get(stubs, "/no/such/api/zz9"));
    assertThat(response.statusCode()).as("unmatched status").isEqualTo(404);
    String tail = await().atMost(Duration.ofSeconds(5))
        .until(stubs::logTail, t -> t.contains("/no/such/api/zz9"));
    assertThat(tail).as("log tail names the unmatched request").contains("/no/such/api/zz9");
  }

  @Test
  void shouldFailFastNamingTheImageWhenItIsMissing() {
    StubsPerProvider.assumeDocker();
    BackendSettings defaults = PerfConfig.load().backendSettings();
    BackendSettings missing = new BackendSettings(defaults.echoPort(), defaults.postgresImage(),
        defaults.keycloakImage(), "perf-suite/no-such-wiremock:0.0.0", defaults.keycloakUsers(),
        defaults.hashIterations(), defaults.startupTimeout(), defaults.cacheDirectory());
    long started = System.nanoTime();
    assertThatThrownBy(() -> StubServer.start(Provider.TESTCONTAINERS, missing))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf-suite/no-such-wiremock:0.0.0")
        .hasMessageContaining("perf.stubs.image")
        .hasMessageContaining("-Dperf.backends=embedded");
    assertThat((System.nanoTime() - started) / 1_000_000_000).as("seconds to fail").isLessThan(10);
  }

  @AfterAll
  static void shouldStopEveryServerAndLeaveNothingBehind() throws Exception {
    for (Map.Entry<Provider, StubServer> entry : STUBS.started().entrySet()) {
      StubEndpoint endpoint = entry.getValue().endpoint();
      entry.getValue().close();
      entry.getValue().close();
      assertThatThrownBy(() -> {
        try (Socket socket = new Socket()) {
          socket.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), 2000);
        }
      }).as(entry.getKey() + " port closed after close()").isInstanceOf(ConnectException.class);
      if (entry.getKey() == Provider.TESTCONTAINERS) {
        List<Container> left = DockerClientFactory.instance().client().listContainersCmd()
            .withShowAll(true)
            .withLabelFilter(Map.of("org.testcontainers", "true",
                "org.testcontainers.sessionId", DockerClientFactory.SESSION_ID))
            .exec();
        assertThat(left).as("no container of this run still publishes the stub port")
            .noneMatch(c -> c.getPorts() != null && List.of(c.getPorts()).stream()
                .map(ContainerPort::getPublicPort).anyMatch(p -> Objects.equals(p,
                    endpoint.port())));
      }
    }
    STUBS.close();
  }
}
