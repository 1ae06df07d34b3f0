package dev.perfsuite.backends.postgres;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.ContainerLog;
import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.backends.LoopbackPorts;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.Startup;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import dev.perfsuite.diagnostics.Causes;
import java.util.Optional;
import org.testcontainers.containers.Network;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * PostgreSQL in a container run by Testcontainers: the container provider of
 * {@link PostgresServer}; unlike the embedded server it checks the role's password.
 */
final class PostgresContainer {

  private PostgresContainer() {
  }

  /**
   * Starts the container with a database and an owning role both named {@code database}; with a
   * {@code network}, other containers on it reach it as {@code networkAlias:5432}.
   */
  static PostgresServer start(BackendSettings settings, String database, Network network,
      String networkAlias) {
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
        .withCommand("postgres", "-c", "fsync=off", "-c",
            "max_connections=" + PostgresServer.MAX_CONNECTIONS)
        .withLogConsumer(log);
    container.withStartupTimeout(Startup.wholeSeconds(settings.startupTimeout()));
    LoopbackPorts.on(container);
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
          + Causes.rootMessage(e) + ". Fix: check the image (perf.postgres.image) or raise "
          + "perf.backends.startup-timeout"
          + BackendLogs.section(logs), e);
    }
    PostgresEndpoint endpoint = new PostgresEndpoint(container.getHost(),
        container.getMappedPort(PostgresServer.CONTAINER_PORT), database, database, password);
    return new PostgresServer(Provider.TESTCONTAINERS, endpoint, networkAlias,
        Startup.since(started),
        log::tail, container::stop,
        Optional.ofNullable(container.getContainerId()));
  }
}
