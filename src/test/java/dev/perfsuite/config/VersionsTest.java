package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class VersionsTest {

  @Test
  void shouldFillEveryValueFromThePom() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Versions.class.getResourceAsStream(
        "/dev/perfsuite/versions.properties")) {
      properties.load(in);
    }
    assertThat(properties).as("versions.properties").isNotEmpty();
    properties.forEach((key, value) -> assertThat(value.toString())
        .as("value of %s (filtered from pom.xml)", key).isNotBlank().doesNotContain("${"));
  }

  @Test
  void shouldDefaultTheImageKeysToTheDeclaredImages() {
    assertThat(ConfigKey.KEYCLOAK_IMAGE.defaultValue()).as("perf.keycloak.image")
        .contains(Versions.KEYCLOAK_IMAGE);
    assertThat(Versions.KEYCLOAK_IMAGE).as("official Keycloak image")
        .endsWith(":" + Versions.KEYCLOAK);
    assertThat(ConfigKey.STUBS_IMAGE.defaultValue()).as("perf.stubs.image")
        .contains(Versions.WIREMOCK_IMAGE);
    assertThat(ConfigKey.POSTGRES_IMAGE.defaultValue()).as("perf.postgres.image")
        .contains(Versions.POSTGRES_IMAGE);
    assertThat(ConfigKey.ECHO_IMAGE.defaultValue()).as("perf.echo.image")
        .contains(Versions.ECHO_IMAGE);
    assertThat(BackendSettings.defaults().keycloakImage()).as("BackendSettings.defaults()")
        .isEqualTo(Versions.KEYCLOAK_IMAGE);
  }

  /** A version written anywhere but pom.xml drifts apart on the next upgrade. */
  @Test
  void shouldDeclareBackendVersionsOnlyInThePom() throws IOException {
    List<String> literals = List.of(Versions.KEYCLOAK, Versions.WIREMOCK,
        Versions.TOXIPROXY);
    try (Stream<Path> files = Stream.of("src", "docker", ".ci", "Jenkinsfile")
        .map(Path::of).filter(Files::exists).flatMap(VersionsTest::walk)) {
      List<String> offenders = files.filter(Files::isRegularFile)
          .filter(file -> !file.toString().endsWith(".md"))
          .filter(file -> literals.stream().anyMatch(literal -> read(file).contains(literal)))
          .map(Path::toString).toList();
      assertThat(offenders).as("files naming %s literally (use pom.xml's properties)", literals)
          .isEmpty();
    }
  }

  private static Stream<Path> walk(Path root) {
    try {
      return Files.walk(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
