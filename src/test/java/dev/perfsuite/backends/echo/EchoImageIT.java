package dev.perfsuite.backends.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.ImageUnavailableException;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.ProvidersUnderTest;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Versions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * The echo image built from the suite's own classes runs the echo backend, and an echo image that
 * cannot be had makes {@code perf.backends=auto} fall back rather than fail. Needs a Docker
 * engine (skipped without one unless CI forces Testcontainers).
 */
class EchoImageIT {
  private static final String MISSING = "perf-suite/no-such-echo:0";

  @BeforeEach
  void docker() {
    ProvidersUnderTest.configFor(Provider.TESTCONTAINERS);
  }

  @Test
  void shouldBuildTheEchoImageFromABaseImageOnceAndRunIt() throws Exception {
    // The public JRE image where the engine has it, else CI's local stand-in of it.
    String base = ContainerImages.present(Versions.JRE_IMAGE) ? Versions.JRE_IMAGE
        : Versions.LOCAL_JRE_IMAGE;
    EchoImage image = EchoImage.fromClassPath(base);
    var docker = DockerClientFactory.instance().client();
    try {
      String tag = image.build();
      assertThat(tag).as("tag").isEqualTo(image.tag());
      String id = docker.inspectImageCmd(tag).exec().getId();
      assertThat(EchoImage.fromClassPath(base).build()).as("second build: same tag")
          .isEqualTo(tag);
      assertThat(docker.inspectImageCmd(tag).exec().getId()).as("nothing rebuilt").isEqualTo(id);
      try (EchoContainer echo = new EchoContainer(tag, Duration.ZERO)) {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
            HttpRequest.newBuilder(echo.uri().resolve("echo")).POST(
                HttpRequest.BodyPublishers.ofString("hello")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("status").isEqualTo(200);
        assertThat(response.body()).as("echoed").isEqualTo("hello");
      }
    } finally {
      // Leave the engine as found: the next run proves the build again.
      if (ContainerImages.present(image.tag())) {
        docker.removeImageCmd(image.tag()).withForce(true).exec();
      }
    }
  }

  @Test
  void shouldNameTheBaseImageAndTheFixWhenTheBaseCannotBeHad() {
    String base = "perf-suite/no-such-jre:0";
    assertThatThrownBy(() -> EchoImage.fromClassPath(base).build())
        .isInstanceOf(ImageUnavailableException.class)
        .hasMessageContaining("could not be built from " + base)
        .hasMessageContaining("Fix: docker pull " + base)
        .hasMessageContaining("perf.echo.image")
        .hasMessageContaining("-Dperf.backends=embedded");
  }

  @Test
  void shouldFallBackToEmbeddedUnderAutoWhenTheEchoImageCannotBeHad() throws Exception {
    PerfConfig config = PerfConfig.of(Map.of("perf.backends", "auto",
        "perf.echo.image", MISSING, "perf.echo.port", "0"));
    try (Backends backends = Backends.forConfig(config)) {
      URI echo = backends.echo();
      assertThat(backends.provider().provider()).as("provider after the fall-back")
          .isEqualTo(Provider.EMBEDDED);
      assertThat(backends.provider().reason()).as("why, on the console")
          .contains("perf.backends=auto", MISSING, "perf.echo.image");
      assertThat(HttpClient.newHttpClient().send(HttpRequest.newBuilder(echo).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode()).as("embedded echo answers")
          .isEqualTo(200);
    }
  }

  @Test
  void shouldFailNamingKeyValueAndFixWhenTestcontainersIsForced() {
    PerfConfig config = PerfConfig.of(Map.of("perf.backends", "testcontainers",
        "perf.echo.image", MISSING));
    try (Backends backends = Backends.forConfig(config)) {
      assertThatThrownBy(backends::echo).isInstanceOf(ImageUnavailableException.class)
          .hasMessageContaining("perf.echo.image")
          .hasMessageContaining(MISSING)
          .hasMessageContaining("Fix:");
    }
  }
}
