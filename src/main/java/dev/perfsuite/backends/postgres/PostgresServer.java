package dev.perfsuite.backends.postgres;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.BackendSettings;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.testcontainers.containers.Network;

/**
 * A PostgreSQL server for one run, embedded (zonky binaries, child process:
 * {@link PostgresEmbedded}) or in a container ({@link PostgresContainer}).
 *
 * <p>A lifecycle object: {@link #start} returns a healthy server with one database and one role
 * whose password is generated at run time; {@link #close()} stops it and may be called twice.
 * The facade of both providers: callers never learn which one runs but through
 * {@link #provider()}.
 */
public final class PostgresServer implements AutoCloseable {
  /** Port PostgreSQL listens on inside its container. */
  public static final int CONTAINER_PORT = 5432;
  static final String DEFAULT_DATABASE = "perf";
  /** The server's connection limit under both providers. */
  static final String MAX_CONNECTIONS = "400";

  private final Provider provider;
  private final PostgresEndpoint endpoint;
  private final String networkAlias;
  private final Duration startupTime;
  private final Supplier<String> logs;
  private final Runnable stopper;
  private final Optional<String> containerId;
  private final AtomicBoolean closed = new AtomicBoolean();

  PostgresServer(Provider provider, PostgresEndpoint endpoint, String networkAlias,
      Duration startupTime, Supplier<String> logs, Runnable stopper,
      Optional<String> containerId) {
    this.provider = provider;
    this.endpoint = endpoint;
    this.networkAlias = networkAlias;
    this.startupTime = startupTime;
    this.logs = logs;
    this.stopper = stopper;
    this.containerId = containerId;
  }

  /**
   * Starts PostgreSQL with a database and role named {@code perf} and waits until it answers.
   *
   * @param provider embedded child process or Testcontainers
   * @param settings image ({@code perf.postgres.image}) and startup timeout
   * @return the running server; close it
   * @throws BackendException when the image is missing or the server is not ready in time; the
   *     message carries the last lines of PostgreSQL's log
   */
  public static PostgresServer start(Provider provider, BackendSettings settings) {
    return start(provider, settings, DEFAULT_DATABASE);
  }

  /** Starts PostgreSQL with a database and an owning role both named {@code database}. */
  public static PostgresServer start(Provider provider, BackendSettings settings,
      String database) {
    return provider == Provider.EMBEDDED
        ? PostgresEmbedded.start(settings, database)
        : PostgresContainer.start(settings, database, null, null);
  }

  /**
   * Starts a PostgreSQL container that other containers on {@code network} reach as
   * {@code networkAlias:5432}; the host still reaches it through {@link #endpoint()}.
   */
  public static PostgresServer start(BackendSettings settings, String database, Network network,
      String networkAlias) {
    return PostgresContainer.start(settings, database, network, networkAlias);
  }

  /** Where the server answers from this host. */
  public PostgresEndpoint endpoint() {
    return endpoint;
  }

  /** The provider that started this server. */
  public Provider provider() {
    return provider;
  }

  /** The last lines of PostgreSQL's own log (container log or embedded log file), masked. */
  public String logTail() {
    return logs.get();
  }

  /**
   * The JDBC URL that containers on the same network use, e.g.
   * {@code jdbc:postgresql://keycloak-db:5432/keycloak}.
   */
  public String networkJdbcUrl() {
    if (networkAlias == null) {
      throw new IllegalStateException("PostgreSQL was not started on a Docker network");
    }
    return "jdbc:postgresql://" + networkAlias + ":" + CONTAINER_PORT + "/" + endpoint.database();
  }

  /** How long {@link #start} took, image check and database creation included. */
  public Duration startupTime() {
    return startupTime;
  }

  /** The container's id under Testcontainers, empty when embedded. */
  public Optional<String> containerId() {
    return containerId;
  }

  /** Stops the server and deletes its data; a second call does nothing. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      stopper.run();
    }
  }
}
