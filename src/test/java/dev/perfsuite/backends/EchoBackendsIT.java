package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.PerfConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testcontainers.DockerClientFactory;

/**
 * The echo backend under each provider round-trips 100 KiB and leaves nothing behind.
 *
 * <p>Testcontainers runs whenever a Docker engine answers; CI sets
 * {@code PERF_BACKENDS=testcontainers}, which turns a missing engine into a failure rather than
 * a skip.
 */
class EchoBackendsIT {

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldRoundTripHundredKibibytesAndStopCleanly(Provider provider) throws Exception {
    PerfConfig config = ProvidersUnderTest.configFor(provider);
    byte[] body = new byte[100 * 1024];
    new Random(1).nextBytes(body);
    URI echo;
    try (Backends backends = Backends.withProvider(provider, config)) {
      echo = backends.echo();
      assertThat(echo.getHost()).as("load stays on loopback or the project's own Docker host")
          .isIn("127.0.0.1", "localhost", provider == Provider.TESTCONTAINERS
              ? DockerClientFactory.instance().dockerHostIpAddress() : "127.0.0.1");
      HttpResponse<byte[]> response = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(echo.resolve("echo/1.0.0"))
              .header("Content-Type", "application/octet-stream")
              .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
          HttpResponse.BodyHandlers.ofByteArray());
      assertThat(response.statusCode()).as("status").isEqualTo(200);
      assertThat(response.body()).as("100 KiB echoed byte for byte").isEqualTo(body);
      assertThat(response.headers().firstValue("Content-Type")).as("content type copied")
          .contains("application/octet-stream");
    }
    assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(echo).build(),
        HttpResponse.BodyHandlers.discarding())).as("echo stopped with its Backends");
    if (provider == Provider.TESTCONTAINERS) {
      assertThat(DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
          .withLabelFilter(Map.of("org.testcontainers", "true")).exec())
          .as("no container outlives the backends").isEmpty();
    }
  }
}
