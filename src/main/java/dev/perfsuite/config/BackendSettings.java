package dev.perfsuite.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the local backends need to know: images, realm size, timeouts and the cache directory.
 *
 * @param echoPort embedded echo port, 0 for any free port
 * @param postgresImage PostgreSQL image under Testcontainers
 * @param keycloakImage Keycloak image under Testcontainers
 * @param stubsImage WireMock image under Testcontainers
 * @param keycloakUsers number of realm test users
 * @param hashIterations realm password policy hashIterations
 * @param startupTimeout how long a backend may take to become healthy
 * @param cacheDirectory where distributions are unpacked once
 * @param toxiproxyImage Toxiproxy image for a latency link in front of PostgreSQL
 */
public record BackendSettings(int echoPort, String postgresImage, String keycloakImage,
    String stubsImage, int keycloakUsers, int hashIterations, Duration startupTimeout,
    Path cacheDirectory, String toxiproxyImage) {

  /** Settings with the default Toxiproxy image, for tests that build settings by hand. */
  public BackendSettings(int echoPort, String postgresImage, String keycloakImage,
      String stubsImage, int keycloakUsers, int hashIterations, Duration startupTimeout,
      Path cacheDirectory) {
    this(echoPort, postgresImage, keycloakImage, stubsImage, keycloakUsers, hashIterations,
        startupTimeout, cacheDirectory, Versions.TOXIPROXY_IMAGE);
  }

  /** Defaults as documented in {@link ConfigKey}, for tests that build settings by hand. */
  public static BackendSettings defaults() {
    return new BackendSettings(0, Versions.POSTGRES_IMAGE, Versions.KEYCLOAK_IMAGE,
        Versions.WIREMOCK_IMAGE, 100, 20000, Duration.ofSeconds(180),
        Path.of(System.getProperty("user.home"), ".cache", "perf-suite"));
  }
}
