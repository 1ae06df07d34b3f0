package dev.perfsuite.backends.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.model.Container;
import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.ProvidersUnderTest;
import dev.perfsuite.config.BackendSettings;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testcontainers.DockerClientFactory;

/**
 * PostgreSQL under each provider answers SQL with its generated credentials, starts twice in a
 * row, and is gone after close.
 *
 * <p>Testcontainers runs whenever a Docker engine answers; CI sets
 * {@code PERF_BACKENDS=testcontainers}, which turns a missing engine into a failure.
 */
public class PostgresServerIT {

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldAnswerSelectOneAndBeGoneAfterClose(Provider provider) throws Exception {
    BackendSettings settings = settingsFor(provider);
    for (String run : new String[] {"first", "second"}) {
      PostgresEndpoint endpoint;
      try (PostgresServer server = PostgresServer.start(provider, settings)) {
        endpoint = server.endpoint();
        System.out.printf("PostgreSQL %s %s start: %d ms at %s%n", provider, run,
            server.startupTime().toMillis(), endpoint.jdbcUrl());
        try (Connection connection = connect(endpoint);
            Statement statement = connection.createStatement();
            ResultSet result = statement.executeQuery(
                "SELECT 1, current_database(), current_user")) {
          assertThat(result.next()).as("one row").isTrue();
          assertThat(result.getInt(1)).as("SELECT 1").isEqualTo(1);
          assertThat(result.getString(2)).as("database").isEqualTo("perf");
          assertThat(result.getString(3)).as("role").isEqualTo("perf");
        }
        assertThat(endpoint.password().toString()).as("password never printed")
            .doesNotContain(endpoint.password().reveal());
        assertThat(server.logTail()).as("PostgreSQL's own log").isNotBlank()
            .doesNotContain(endpoint.password().reveal());
        server.close();
        server.close();
      }
      assertThatThrownBy(() -> connect(endpoint).close()).as("PostgreSQL gone after close")
          .isInstanceOf(SQLException.class);
    }
    if (provider == Provider.TESTCONTAINERS) {
      assertThat(sessionContainers()).as("no container outlives the server").isEmpty();
    }
  }

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldRefuseWrongPasswordForRoleAndSuperuser(Provider provider) throws Exception {
    try (PostgresServer server = PostgresServer.start(provider, settingsFor(provider))) {
      PostgresEndpoint endpoint = server.endpoint();
      DriverManager.setLoginTimeout(5);
      for (String user : new String[] {endpoint.username(), "postgres"}) {
        assertThatThrownBy(() -> DriverManager.getConnection(endpoint.jdbcUrl(), user,
            "not-the-password").close())
            .as("%s with a wrong password on loopback (no trust in pg_hba.conf)", user)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("password authentication failed");
      }
      connect(endpoint).close();
    }
  }

  @Test
  void shouldFailFastNamingImageKeyAndFixWhenImageIsMissing() {
    BackendSettings defaults = settingsFor(Provider.TESTCONTAINERS);
    BackendSettings missing = new BackendSettings(defaults.echoPort(),
        "perf-suite/no-such-postgres:0", defaults.keycloakImage(), defaults.stubsImage(),
        defaults.keycloakUsers(), defaults.hashIterations(), defaults.startupTimeout(),
        defaults.cacheDirectory());
    long started = System.nanoTime();
    assertThatThrownBy(() -> PostgresServer.start(Provider.TESTCONTAINERS, missing))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf-suite/no-such-postgres:0")
        .hasMessageContaining("perf.postgres.image")
        .hasMessageContaining("docker pull perf-suite/no-such-postgres:0");
    assertThat((System.nanoTime() - started) / 1_000_000).as("fails fast, no pull retries")
        .isLessThan(10_000);
  }

  public static Connection connect(PostgresEndpoint endpoint) throws SQLException {
    DriverManager.setLoginTimeout(5);
    return DriverManager.getConnection(endpoint.jdbcUrl(), endpoint.username(),
        endpoint.password().reveal());
  }

  /** Settings of this JVM; for Testcontainers, skips without Docker unless CI forces it. */
  public static BackendSettings settingsFor(Provider provider) {
    return ProvidersUnderTest.configFor(provider).backendSettings();
  }

  /** Containers (running or not) created by Testcontainers in this JVM. */
  public static List<Container> sessionContainers() {
    return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(DockerClientFactory.TESTCONTAINERS_SESSION_ID_LABEL,
            DockerClientFactory.SESSION_ID))
        .exec();
  }
}
