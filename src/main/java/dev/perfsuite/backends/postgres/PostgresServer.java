package dev.perfsuite.backends.postgres;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.ContainerLog;
import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.Startup;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import dev.perfsuite.diagnostics.Causes;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.Network;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A PostgreSQL server for one run, embedded (zonky binaries, child process) or in a container.
 *
 * <p>A lifecycle object: {@link #start} returns a healthy server with one database and one role
 * whose password is generated at run time; {@link #close()} stops it and may be called twice.
 * The embedded server trusts every loopback connection (zonky runs {@code initdb -A trust}), so
 * its password is set but not checked; the container checks it. When the embedded server misses
 * its startup timeout, zonky throws without handing out the instance, so the postmaster it
 * started lives until zonky's own JVM shutdown hook stops it.
 */
public final class PostgresServer implements AutoCloseable {
  /** Port PostgreSQL listens on inside its container. */
  public static final int CONTAINER_PORT = 5432;
  static final String DEFAULT_DATABASE = "perf";
  private static final Logger LOG = LoggerFactory.getLogger(PostgresServer.class);
  private static final String MAX_CONNECTIONS = "400";

  private final Provider provider;
  private final PostgresEndpoint endpoint;
  private final String networkAlias;
  private final Duration startupTime;
  private final Supplier<String> logs;
  private final Runnable stopper;
  private final Optional<String> containerId;
  private final AtomicBoolean closed = new AtomicBoolean();

  private PostgresServer(Provider provider, PostgresEndpoint endpoint, String networkAlias,
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
        ? startEmbedded(settings, database)
        : startContainer(settings, database, null, null);
  }

  /**
   * Starts a PostgreSQL container that other containers on {@code network} reach as
   * {@code networkAlias:5432}; the host still reaches it through {@link #endpoint()}.
   */
  public static PostgresServer start(BackendSettings settings, String database, Network network,
      String networkAlias) {
    return startContainer(settings, database, network, networkAlias);
  }

  private static PostgresServer startEmbedded(BackendSettings settings, String database) {
    long started = System.nanoTime();
    Path log = BackendLogs.newFile("postgres-embedded");
    Secret password = GeneratedSecret.named("generated:postgres." + database + ".password");
    EmbeddedPostgres postgres;
    try {
      postgres = EmbeddedPostgres.builder()
          .setPGStartupWait(settings.startupTimeout())
          .setServerConfig("max_connections", MAX_CONNECTIONS)
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
    } catch (SQLException e) {
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

  private static PostgresServer startContainer(BackendSettings settings, String database,
      Network network, String networkAlias) {
    long started = System.nanoTime();
    String image = settings.postgresImage();
    ContainerImages.requireAvailable(image, "perf.postgres.image");
    Secret password = GeneratedSecret.named("generated:postgres." + database + ".password");
    ContainerLog log = new ContainerLog();
    PostgreSQLContainer container = new PostgreSQLContainer(
        DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
        .withDatabaseName(database)
        .withUsername(database)
        .withPassword(password.reveal())
        .withCommand("postgres", "-c", "fsync=off", "-c", "max_connections=" + MAX_CONNECTIONS)
        .withLogConsumer(log);
    container.withStartupTimeout(Startup.wholeSeconds(settings.startupTimeout()));
    if (network != null) {
      container.withNetwork(network).withNetworkAliases(networkAlias);
    }
    try {
      container.start();
    } catch (RuntimeException e) {
      container.stop();
      String logs = log.tail();
      throw new BackendException("PostgreSQL container " + image + " did not become ready "
          + "within the startup timeout " + Startup.describe(settings.startupTimeout()) + ": "
          + Causes.rootMessage(e) + ". Fix: check the image (perf.postgres.image, built by "
          + ".ci/docker-setup.sh) or raise perf.backends.startup-timeout"
          + BackendLogs.section(logs), e);
    }
    PostgresEndpoint endpoint = new PostgresEndpoint(container.getHost(),
        container.getMappedPort(CONTAINER_PORT), database, database, password);
    return new PostgresServer(Provider.TESTCONTAINERS, endpoint, networkAlias,
        Startup.since(started),
        log::tail, container::stop,
        Optional.ofNullable(container.getContainerId()));
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

  private static void closeQuietly(EmbeddedPostgres postgres) {
    try {
      postgres.close();
    } catch (IOException e) {
      LOG.warn("PostgreSQL (embedded) did not stop cleanly: {}", e.getMessage());
    }
  }
}
