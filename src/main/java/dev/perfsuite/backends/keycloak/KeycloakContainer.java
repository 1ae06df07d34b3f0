package dev.perfsuite.backends.keycloak;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.ContainerLog;
import dev.perfsuite.backends.LoopbackPorts;
import dev.perfsuite.backends.Startup;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.config.Secret;
import dev.perfsuite.diagnostics.Causes;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.testcontainers.containers.Network;
import org.testcontainers.images.PullPolicy;

/**
 * Keycloak in a container (dasniko {@code KeycloakContainer}, {@code start-dev}) on the Docker
 * network of its PostgreSQL container, ready once {@code /health/ready} answers on port 9000.
 *
 * <p>The pull policy is reset to Testcontainers' default (use a local image, pull only when
 * missing): dasniko's default is {@code PullPolicy.ageBased(1 day)}, which would try to re-pull a
 * locally built image a day after it was built, and there is no registry here.
 */
final class KeycloakContainer implements KeycloakRuntime {
  private final dasniko.testcontainers.keycloak.KeycloakContainer container;
  private final ContainerLog log;
  private final AtomicBoolean closed = new AtomicBoolean();

  private KeycloakContainer(dasniko.testcontainers.keycloak.KeycloakContainer container,
      ContainerLog log) {
    this.container = container;
    this.log = log;
  }

  /**
   * Starts {@code image} with {@code KC_DB*} pointing at {@code database} through its network
   * alias.
   *
   * @throws BackendException when the image is missing or Keycloak is not ready within
   *     {@code timeout}; the container is removed by then and the message ends with its log tail
   */
  static KeycloakContainer start(String image, Network network, PostgresServer database,
      String adminUsername, Secret adminPassword, Duration timeout) {
    PostgresEndpoint db = database.endpoint();
    ContainerLog log = new ContainerLog();
    // dasniko's class bears the name this provider follows (<Product>Container): qualified.
    dasniko.testcontainers.keycloak.KeycloakContainer container =
        new dasniko.testcontainers.keycloak.KeycloakContainer(image)
        .withAdminUsername(adminUsername)
        .withAdminPassword(adminPassword.reveal())
        .withNetwork(network)
        .withEnv("KC_DB", "postgres")
        .withEnv("KC_DB_URL", database.networkJdbcUrl())
        .withEnv("KC_DB_USERNAME", db.username())
        .withEnv("KC_DB_PASSWORD", db.password().reveal())
        .withImagePullPolicy(PullPolicy.defaultPolicy())
        .withLogConsumer(log)
        .withStartupTimeout(Startup.wholeSeconds(timeout));
    LoopbackPorts.on(container);
    try {
      container.start();
    } catch (RuntimeException e) {
      container.stop();
      String logs = log.tail();
      throw new BackendException("Keycloak container " + image + " did not become healthy "
          + "(/health/ready on port 9000) within the startup timeout "
          + Startup.describe(timeout) + ": " + Causes.rootMessage(e)
          + ". Fix: raise perf.backends.startup-timeout, or check the image (perf.keycloak.image, "
          + "whose ENTRYPOINT must be kc.sh and which needs "
          + "KC_RUN_IN_CONTAINER=true)" + BackendLogs.section(logs), e);
    }
    return new KeycloakContainer(container, log);
  }

  @Override
  public URI baseUrl() {
    return URI.create(container.getAuthServerUrl().replaceAll("/+$", ""));
  }

  @Override
  public String logTail() {
    return log.tail();
  }

  /** The container's id, for checks that it is gone. */
  String containerId() {
    return container.getContainerId();
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      container.stop();
    }
  }
}
