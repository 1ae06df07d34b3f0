package dev.perfsuite.backends.postgres;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.Startup;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL from zonky's embedded binaries, a child process on loopback: the embedded provider
 * of {@link PostgresServer}.
 *
 * <p>zonky runs {@code initdb -A trust}; once the role exists, {@link #requirePasswords} gives the
 * {@code postgres} superuser a generated password of its own, rewrites {@code pg_hba.conf} to
 * {@code scram-sha-256} for every connection (socket and loopback, no {@code trust} line) and
 * reloads it, so a wrong password is refused. When it misses its startup timeout, zonky throws
 * without handing out the instance, so the postmaster it started lives until zonky's own JVM
 * shutdown hook stops it.
 */
final class PostgresEmbedded {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresEmbedded.class);

  private PostgresEmbedded() {
  }

  /** Starts the server with a database and an owning role both named {@code database}. */
  static PostgresServer start(BackendSettings settings, String database) {
    long started = System.nanoTime();
    Path log = BackendLogs.newFile("postgres-embedded");
    Secret password = GeneratedSecret.named("generated:postgres." + database + ".password");
    EmbeddedPostgres postgres;
    try {
      postgres = EmbeddedPostgres.builder()
          .setPGStartupWait(settings.startupTimeout())
          .setServerConfig("max_connections", PostgresServer.MAX_CONNECTIONS)
          .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
    } catch (IOException | RuntimeException e) {
      throw new BackendException("PostgreSQL (embedded) did not start or not become ready "
          + "within the startup timeout " + settings.startupTimeout()
          + " (perf.backends.startup-timeout): " + e + ". Fix: raise "
          + "perf.backends.startup-timeout, or look for a stale postmaster or a full /tmp"
          + BackendLogs.section(BackendLogs.fileTail(log)), e);
    }
    try (Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE ROLE " + database + " LOGIN PASSWORD '"
          + password.reveal().replace("'", "''") + "'");
      statement.execute("CREATE DATABASE " + database + " OWNER " + database);
      requirePasswords(statement, GeneratedSecret.named("generated:postgres.superuser.password"));
    } catch (SQLException | IOException e) {
      closeQuietly(postgres);
      throw new BackendException("PostgreSQL (embedded) started but creating database '"
          + database + "' failed: " + e.getMessage()
          + BackendLogs.section(BackendLogs.fileTail(log)), e);
    }
    PostgresEndpoint endpoint = new PostgresEndpoint("127.0.0.1", postgres.getPort(), database,
        database, password);
    return new PostgresServer(Provider.EMBEDDED, endpoint, null, Startup.since(started),
        () -> BackendLogs.fileTail(log), () -> closeQuietly(postgres), Optional.empty());
  }

  /**
   * Replaces initdb's {@code trust} lines with password checks and reloads them; zonky stops the
   * server with {@code pg_ctl} (a signal), so it needs no login afterwards.
   */
  static void requirePasswords(Statement statement, Secret superuser)
      throws SQLException, IOException {
    statement.execute("SET password_encryption = 'scram-sha-256'");
    statement.execute("ALTER ROLE postgres PASSWORD '"
        + superuser.reveal().replace("'", "''") + "'");
    String hba;
    try (ResultSet result = statement.executeQuery("SHOW hba_file")) {
      result.next();
      hba = result.getString(1);
    }
    Files.writeString(Path.of(hba), HBA, StandardCharsets.US_ASCII);
    try (ResultSet result = statement.executeQuery("SELECT pg_reload_conf()")) {
      result.next();
    }
  }

  /** Every connection checks its password; none is trusted. */
  static final String HBA = """
      # Written by the perf-suite: every connection proves its password (no trust).
      local all all scram-sha-256
      host all all 127.0.0.1/32 scram-sha-256
      host all all ::1/128 scram-sha-256
      """;

  private static void closeQuietly(EmbeddedPostgres postgres) {
    try {
      postgres.close();
    } catch (IOException e) {
      LOG.warn("PostgreSQL (embedded) did not stop cleanly: {}", e.getMessage());
    }
  }
}
