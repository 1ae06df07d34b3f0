package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.perfsuite.backends.keycloak.KeycloakServer;
import dev.perfsuite.backends.postgres.PostgresServerIT;
import dev.perfsuite.config.BackendSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Keycloak that cannot start in time or has no image fails clearly and leaves nothing behind. */
class KeycloakStartupFailureIT {

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldFailWithTimeoutAndLogTailWhenKeycloakIsNotHealthyInTime(Provider provider)
      throws Exception {
    BackendSettings settings = PostgresServerIT.settingsFor(provider);
    Path csv = Path.of("target", "keycloak-it", "failure-" + provider.name().toLowerCase()
        + "-users.csv");
    Files.deleteIfExists(csv);
    // A Keycloak another test class shares for the whole run (SharedBackends) is not this one's.
    Set<Long> before = keycloakProcesses();
    BackendException failure;
    try (KeycloakTestPortal portal = KeycloakTestPortal.start()) {
      failure = catchThrowableOfType(BackendException.class, () -> KeycloakServer.start(provider,
          settings, Duration.ofMillis(1), portal.uri(), csv));
    }
    assertThat(failure).as("Keycloak with a 1 ms startup timeout fails").isNotNull();
    System.out.println("Expected failure (" + provider + "): " + failure.getMessage());
    assertThat(failure.getMessage()).as("names the backend, the timeout, the key and the log")
        .startsWith("Keycloak")
        .contains("startup timeout PT0.001S", "perf.backends.startup-timeout", "--- log tail");
    assertThat(csv).as("no users CSV for a realm that was never created").doesNotExist();
    assertThat(keycloakProcesses()).as("no Keycloak process of this test left")
        .isSubsetOf(before);
    if (provider == Provider.TESTCONTAINERS) {
      assertThat(PostgresServerIT.sessionContainers()).as("no container left").isEmpty();
    }
  }

  @Test
  void shouldFailFastNamingImageKeyAndFixWhenKeycloakImageIsMissing() throws Exception {
    BackendSettings defaults = PostgresServerIT.settingsFor(Provider.TESTCONTAINERS);
    BackendSettings missing = new BackendSettings(defaults.echoPort(), defaults.postgresImage(),
        "perf-suite/no-such-keycloak:0", defaults.stubsImage(), defaults.keycloakUsers(),
        defaults.hashIterations(), defaults.startupTimeout(), defaults.cacheDirectory());
    long started = System.nanoTime();
    try (KeycloakTestPortal portal = KeycloakTestPortal.start()) {
      assertThatThrownBy(() -> KeycloakServer.start(Provider.TESTCONTAINERS, missing,
          portal.uri(), Path.of("target", "keycloak-it", "missing-image-users.csv")))
          .isInstanceOf(BackendException.class)
          .hasMessageContaining("perf-suite/no-such-keycloak:0")
          .hasMessageContaining("perf.keycloak.image")
          .hasMessageContaining("docker pull perf-suite/no-such-keycloak:0");
    }
    assertThat((System.nanoTime() - started) / 1_000_000).as("fails fast, no pull retries")
        .isLessThan(10_000);
    assertThat(PostgresServerIT.sessionContainers()).as("nothing started").isEmpty();
  }

  private static Set<Long> keycloakProcesses() {
    return ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().orElse("").contains("kc.sh")
            || p.info().commandLine().orElse("").contains("quarkus-run.jar"))
        .map(ProcessHandle::pid)
        .collect(Collectors.toSet());
  }
}
