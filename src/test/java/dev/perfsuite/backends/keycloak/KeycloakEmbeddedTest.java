package dev.perfsuite.backends.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.config.Secret;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keycloaks started from one shared distribution keep their runtime data apart. */
class KeycloakEmbeddedTest {
  private static final PostgresEndpoint DATABASE = new PostgresEndpoint("127.0.0.1", 5432,
      "keycloak", "keycloak", new Secret("db", "db-password"));

  @Test
  void shouldGiveEachProcessItsOwnTransactionLogAndTmpDirectory(@TempDir Path home) {
    Path first = KeycloakEmbedded.ownDataDirectory(home);
    Path second = KeycloakEmbedded.ownDataDirectory(home);
    String opts = KeycloakEmbedded.launch(home, first, 8080, 9000, DATABASE, "admin",
        new Secret("admin", "admin-password")).environment().get("JAVA_OPTS_APPEND");

    assertThat(first).as("two starts, two directories").isNotEqualTo(second);
    assertThat(first.getParent()).as("under the distribution's data").isEqualTo(
        home.resolve("data"));
    assertThat(first.resolve("tmp")).as("own tmp created").isDirectory();
    assertThat(opts).as("Narayana's store and java.io.tmpdir of the first start")
        .contains("-Dquarkus.transaction-manager.object-store.directory="
            + first.resolve("transaction-logs"))
        .contains("-Djava.io.tmpdir=" + first.resolve("tmp"))
        .doesNotContain(home.resolve("data").resolve("transaction-logs").toString());
  }

  @Test
  void shouldPruneDataDirectoriesOfJvmsThatNoLongerRun(@TempDir Path home) throws IOException {
    Path gone = Files.createDirectories(home.resolve("data").resolve("perf-suite-"
        + Integer.MAX_VALUE + "-1").resolve("transaction-logs"));
    Path alive = Files.createDirectories(home.resolve("data").resolve("perf-suite-"
        + ProcessHandle.current().pid() + "-999"));
    Path foreign = Files.createDirectories(home.resolve("data").resolve("transaction-logs"));

    KeycloakEmbedded.ownDataDirectory(home);

    assertThat(gone.getParent()).as("data of a JVM that no longer runs").doesNotExist();
    assertThat(alive).as("data of this running JVM").isDirectory();
    assertThat(foreign).as("Keycloak's own directories").isDirectory();
  }
}
