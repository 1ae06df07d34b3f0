package dev.perfsuite.backends.keycloak;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.GeneratedSecret;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.Startup;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.containers.Network;

/**
 * A Keycloak server on its own PostgreSQL, with the test realm the scenarios declared
 * ({@link RealmDescription}) created through the Admin REST API.
 *
 * <p>A lifecycle object: {@link #start} returns once Keycloak is healthy, the realm and its users
 * exist and the users CSV is written; {@link #close()} stops Keycloak and then its PostgreSQL
 * and may be called twice. Embedded runs {@code kc.sh start-dev} from the distribution unpacked
 * under {@code perf.cache.dir} on an embedded PostgreSQL; Testcontainers runs both as containers
 * on a private network. The realm is created by the same HTTP calls for both.
 */
public final class KeycloakServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KeycloakServer.class);
  static final String DATABASE = "keycloak";
  static final String DATABASE_ALIAS = "keycloak-db";
  static final String ADMIN_USERNAME = "perf-admin";

  private final Provider provider;
  private final PostgresServer database;
  private final KeycloakRuntime runtime;
  private final Network network;
  private final KeycloakEndpoint endpoint;
  private final String timings;
  private final AtomicBoolean closed = new AtomicBoolean();

  private KeycloakServer(Provider provider, PostgresServer database, KeycloakRuntime runtime,
      Network network, KeycloakEndpoint endpoint, String timings) {
    this.provider = provider;
    this.database = database;
    this.runtime = runtime;
    this.network = network;
    this.endpoint = endpoint;
    this.timings = timings;
  }

  /**
   * Starts PostgreSQL and Keycloak, creates the realm and writes the users CSV.
   *
   * @param provider embedded child processes or Testcontainers
   * @param settings images ({@code perf.keycloak.image}, {@code perf.postgres.image}), number
   *     of users, hash iterations, startup timeout (for PostgreSQL and for Keycloak each) and
   *     cache directory
   * @param realm the realm's name and clients, as the scenarios declared them
   * @param browserBase base URI of the site that receives the browser-login callback; the
   *     browser-login client accepts {@code <browserBase><redirectPath>} as redirect URI
   * @param usersCsv where to write {@code username,email,firstName,lastName} (no passwords)
   * @return the running server; close it
   * @throws BackendException naming the backend, what failed, the fix and the log tail
   */
  public static KeycloakServer start(Provider provider, BackendSettings settings,
      RealmDescription realm, URI browserBase, Path usersCsv) {
    return start(provider, settings, settings.startupTimeout(), realm, browserBase, usersCsv);
  }

  /**
   * As {@link #start(Provider, BackendSettings, RealmDescription, URI, Path)} with the realm the
   * scenarios declared.
   */
  public static KeycloakServer start(Provider provider, BackendSettings settings, URI browserBase,
      Path usersCsv) {
    return start(provider, settings, RealmDescription.discovered(), browserBase, usersCsv);
  }

  /** As {@link #start(Provider, BackendSettings, URI, Path)} with Keycloak's own timeout. */
  public static KeycloakServer start(Provider provider, BackendSettings settings,
      Duration keycloakTimeout, URI browserBase, Path usersCsv) {
    return start(provider, settings, keycloakTimeout, RealmDescription.discovered(), browserBase,
        usersCsv);
  }

  private static KeycloakServer start(Provider provider, BackendSettings settings,
      Duration keycloakTimeout, RealmDescription description, URI browserBase, Path usersCsv) {
    String name = provider == Provider.EMBEDDED ? "Keycloak (embedded)"
        : "Keycloak container " + settings.keycloakImage();
    KeycloakRealm realm = KeycloakRealm.generate(description, settings, browserBase);
    Secret adminPassword = GeneratedSecret.named("generated:keycloak.admin.password");
    PostgresServer database = null;
    KeycloakRuntime runtime = null;
    Network network = null;
    try {
      long started = System.nanoTime();
      if (provider == Provider.EMBEDDED) {
        Path home = KeycloakDistribution.unpacked(settings.cacheDirectory());
        database = PostgresServer.start(Provider.EMBEDDED, settings, DATABASE);
        long keycloakStarted = System.nanoTime();
        runtime = KeycloakEmbedded.startExclusively(home, database.endpoint(), ADMIN_USERNAME,
            adminPassword, keycloakTimeout);
        started = keycloakStarted;
      } else {
        ContainerImages.requireAvailable(settings.keycloakImage(), "perf.keycloak.image");
        network = Network.newNetwork();
        database = PostgresServer.start(settings, DATABASE, network, DATABASE_ALIAS);
        long keycloakStarted = System.nanoTime();
        runtime = KeycloakContainer.start(settings.keycloakImage(), network, database,
            ADMIN_USERNAME, adminPassword, keycloakTimeout);
        started = keycloakStarted;
      }
      Duration keycloakStartup = Startup.since(started);
      long realmStarted = System.nanoTime();
      try {
        new KeycloakAdminApi(runtime.baseUrl(), ADMIN_USERNAME, adminPassword).createRealm(realm);
      } catch (BackendException e) {
        throw new BackendException(name + " is healthy but creating realm '" + realm.name()
            + "' failed: " + e.getMessage() + BackendLogs.section(runtime.logTail()), e);
      }
      realm.writeUsersCsv(usersCsv);
      KeycloakEndpoint endpoint = KeycloakEndpoint.of(runtime.baseUrl(), description,
          realm.confidentialSecret(), realm.userPassword(), usersCsv.toAbsolutePath(),
          realm.users());
      String timings = String.format("PostgreSQL %d ms, Keycloak %d ms, realm with %d users %d ms",
          database.startupTime().toMillis(), keycloakStartup.toMillis(), realm.users(),
          Startup.since(realmStarted).toMillis());
      return new KeycloakServer(provider, database, runtime, network, endpoint, timings);
    } catch (RuntimeException e) {
      stopAll(runtime, database, network);
      if (e instanceof BackendException) {
        throw e;
      }
      throw new BackendException(name + " could not be started: " + e
          + (runtime == null ? "" : BackendLogs.section(runtime.logTail())), e);
    }
  }

  /** Where Keycloak answers and what the realm holds. */
  public KeycloakEndpoint endpoint() {
    return endpoint;
  }

  /** The provider that started this server. */
  public Provider provider() {
    return provider;
  }

  /** The last lines of Keycloak's own log, masked. */
  public String logTail() {
    return runtime.logTail();
  }

  /** Keycloak's PostgreSQL, stopped together with Keycloak. */
  PostgresServer database() {
    return database;
  }

  /** One line of startup durations, e.g. for the console. */
  String timings() {
    return timings;
  }

  /** The {@code kc.sh} process when embedded. */
  Optional<ProcessHandle> process() {
    return runtime instanceof KeycloakEmbedded process ? Optional.of(process.handle())
        : Optional.empty();
  }

  /** The ids of the Keycloak and PostgreSQL containers under Testcontainers, else empty. */
  List<String> containerIds() {
    List<String> ids = new ArrayList<>();
    if (runtime instanceof KeycloakContainer container) {
      ids.add(container.containerId());
    }
    database.containerId().ifPresent(ids::add);
    return ids;
  }

  /** Stops Keycloak, then its PostgreSQL and network; a second call does nothing. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      stopAll(runtime, database, network);
    }
  }

  private static void stopAll(KeycloakRuntime runtime, PostgresServer database, Network network) {
    List<AutoCloseable> parts = new ArrayList<>();
    if (runtime != null) {
      parts.add(runtime);
    }
    if (database != null) {
      parts.add(database);
    }
    if (network != null) {
      parts.add(network::close);
    }
    for (AutoCloseable part : parts) {
      try {
        part.close();
      } catch (Exception e) {
        LOG.warn("Keycloak backend: stopping {} failed: {}", part, e.toString());
      }
    }
  }
}
