package dev.perfsuite.backends.keycloak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.backends.postgres.PostgresServerIT;
import dev.perfsuite.config.BackendSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Two embedded Keycloaks started at once from the one cached distribution (two runs on one
 * machine) both come up healthy, each with its own transaction log and temporary directory.
 */
class TwoKeycloaksIT {

  @Test
  void shouldStartTwoEmbeddedKeycloaksAtOnceWithTheirOwnData() throws Exception {
    BackendSettings settings = PostgresServerIT.settingsFor(Provider.EMBEDDED);
    Path home = KeycloakDistribution.unpacked(settings.cacheDirectory());
    // A Keycloak another test class shares for the whole run (SharedBackends) keeps its data.
    List<Path> before = ownDataOfThisJvm(home);
    try (PostgresServer a = PostgresServer.start(Provider.EMBEDDED, settings, "keycloak");
        PostgresServer b = PostgresServer.start(Provider.EMBEDDED, settings, "keycloak")) {
      List<CompletableFuture<KeycloakEmbedded>> starts = Stream.of(a, b)
          .map(db -> CompletableFuture.supplyAsync(() -> KeycloakEmbedded.startExclusively(home,
              db.endpoint(), "admin", GeneratedSecret.named("generated:admin"),
              settings.startupTimeout())))
          .toList();
      List<KeycloakEmbedded> running = starts.stream().map(CompletableFuture::join).toList();
      try {
        List<Path> own = running.stream().map(KeycloakEmbedded::ownData).toList();
        assertThat(own).as("own data directories").doesNotHaveDuplicates();
        for (Path dir : own) {
          assertThat(dir.resolve("transaction-logs")).as("Narayana's store in " + dir)
              .isDirectory();
        }
        assertThat(running).as("both answered /health/ready")
            .allSatisfy(k -> assertThat(k.handle().isAlive()).isTrue());
      } finally {
        running.forEach(KeycloakEmbedded::close);
      }
      for (KeycloakEmbedded k : running) {
        assertThat(k.ownData()).as("own data deleted on close").doesNotExist();
      }
      assertThat(ownDataOfThisJvm(home)).as("nothing of this test left under "
          + home.resolve("data")).isSubsetOf(before);
    }
  }

  private static List<Path> ownDataOfThisJvm(Path home) throws IOException {
    try (Stream<Path> data = Files.list(home.resolve("data"))) {
      return data.filter(p -> p.getFileName().toString()
          .startsWith("perf-suite-" + ProcessHandle.current().pid())).toList();
    }
  }
}
