package dev.perfsuite.backends.postgres;

import dev.perfsuite.config.Secret;
import java.util.Objects;

/**
 * Where a running PostgreSQL answers, as seen from this host (loopback or the Docker host).
 *
 * @param host host name or address, e.g. {@code 127.0.0.1} or {@code localhost}
 * @param port TCP port on that host
 * @param database the database created for the run
 * @param username the role that owns {@code database}
 * @param password that role's password, generated at run time and registered for masking
 */
public record PostgresEndpoint(String host, int port, String database, String username,
    Secret password) {

  public PostgresEndpoint {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(username, "username");
    Objects.requireNonNull(password, "password");
  }

  /** The JDBC URL without credentials, e.g. {@code jdbc:postgresql://127.0.0.1:5432/perf}. */
  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }
}
