package dev.perfsuite.backends;

import dev.perfsuite.backends.echo.EchoContainer;
import dev.perfsuite.backends.echo.EchoEmbedded;
import dev.perfsuite.backends.echo.EchoService;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.backends.keycloak.KeycloakServer;
import dev.perfsuite.backends.keycloak.RealmDescription;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.backends.stubs.StubEndpoint;
import dev.perfsuite.backends.stubs.StubServer;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.settings.BackendMode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * The local backends of one test run, each started on first use and all stopped together.
 *
 * <p>A lifecycle object: one instance per run (the JUnit extension shares it across test classes)
 * so each backend starts once; {@link #close()} stops everything it started, in reverse order.
 * Keycloak runs on its own PostgreSQL and redirects its browser-login client to the API stubs,
 * which get the site's login redirect once Keycloak's URL is known.
 */
public final class Backends implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Backends.class);
  private final PerfConfig config;
  private static final Duration PING_TIMEOUT = Duration.ofSeconds(3);
  private final Supplier<DockerProbe> probe;
  private final boolean mayFallBack;
  private final List<AutoCloseable> started = new ArrayList<>();
  private ProviderChoice choice;
  private EchoService echo;
  private PostgresServer postgres;
  private StubServer stubs;
  private KeycloakServer keycloak;

  private Backends(PerfConfig config, boolean mayFallBack) {
    this.config = config;
    this.probe = Backends::probe;
    this.mayFallBack = mayFallBack;
  }

  /** Backends for this configuration; nothing starts until a backend is asked for. */
  public static Backends forConfig(PerfConfig config) {
    return new Backends(config, config.backends() == BackendMode.AUTO);
  }

  /**
   * Backends started by one given provider whatever {@code perf.backends} says, for tests that
   * exercise each provider; Testcontainers still fails fast when no Docker engine answers.
   */
  public static Backends withProvider(Provider provider, PerfConfig config) {
    Backends backends = new Backends(config, false);
    backends.choice = ProviderChoice.resolve(provider == Provider.EMBEDDED
        ? BackendMode.EMBEDDED : BackendMode.TESTCONTAINERS, backends.probe);
    return backends;
  }

  /** True when a Docker engine answers Testcontainers' probe. */
  public static boolean dockerAnswers() {
    return probe().answers();
  }

  /**
   * Asks the engine through Testcontainers' client and, when that fails, classifies why (no
   * engine, or a broken client; {@link DockerProbe#classify}). Testcontainers' own discovery log
   * is kept off the console (src/test/resources/log4j2-test.xml): the reason goes into the one
   * console line naming the provider.
   */
  static DockerProbe probe() {
    try {
      DockerClientFactory.instance().client().pingCmd().exec();
      return DockerProbe.answering();
    } catch (RuntimeException | LinkageError e) {
      String address = EnginePing.address();
      return DockerProbe.classify(e, address + (address.equals(System.getenv("DOCKER_HOST"))
          ? " (DOCKER_HOST)" : ""), () -> EnginePing.answers(address, PING_TIMEOUT));
    }
  }

  /** The provider for this run, resolved (and printed) once. */
  public synchronized ProviderChoice provider() {
    if (choice == null) {
      choice = ProviderChoice.resolve(config.backends(), probe);
      LOG.info("Backends: {} ({})", choice.provider().name().toLowerCase(), choice.reason());
    }
    return choice;
  }

  /** The echo backend's base URL, starting it on first call with {@code perf.echo.delay}. */
  public synchronized URI echo() {
    if (echo == null) {
      echo = start("echo", provider -> provider == Provider.TESTCONTAINERS
          ? new EchoContainer(config.echoImage(), config.echoDelay(), config.echoStall())
          : new EchoEmbedded(config.backendSettings().echoPort(), config.echoDelay(),
              config.echoStall()));
      started.add(echo);
    }
    return echo.uri();
  }

  /** The base URL of a local backend, starting it on first call. */
  public URI base(LocalBackend backend) {
    return switch (backend) {
      case ECHO -> echo();
      case STUBS -> stubs().base();
      case KEYCLOAK -> keycloak().baseUrl();
    };
  }

  /** A PostgreSQL for scenarios (separate from Keycloak's own database). */
  public synchronized PostgresEndpoint postgres() {
    if (postgres == null) {
      postgres = start("postgres", provider -> PostgresServer.start(provider,
          config.backendSettings()));
      started.add(postgres);
    }
    return postgres.endpoint();
  }

  /** The WireMock API stubs (every system's stubbed APIs and the browser-login site). */
  public synchronized StubEndpoint stubs() {
    if (stubs == null) {
      stubs = start("stubs", provider -> StubServer.start(provider,
          config.backendSettings()));
      started.add(stubs);
    }
    return stubs.endpoint();
  }

  /**
   * Keycloak on PostgreSQL with the realm the scenarios declared ({@link RealmDescription}). It
   * holds their clients and test users; the stubs start first so the browser-login client can
   * redirect to them.
   */
  public synchronized KeycloakEndpoint keycloak() {
    if (keycloak == null) {
      URI site = stubs().base();
      Path usersCsv = config.resultsDir().resolveSibling("perf-data").resolve("keycloak-users.csv");
      keycloak = start("keycloak", provider -> KeycloakServer.start(provider,
          config.backendSettings(), RealmDescription.discovered(), site, usersCsv));
      started.add(keycloak);
      KeycloakEndpoint endpoint = keycloak.endpoint();
      if (endpoint.browserClientId() != null) {
        stubs.registerBrowserLogin(endpoint.baseUrl(), endpoint.realm(),
            endpoint.browserClientId());
      }
    }
    return keycloak.endpoint();
  }

  /**
   * Starts one backend on this run's provider. Under {@code perf.backends=auto}, an image that
   * can be neither found, pulled nor built switches this backend and every later one to embedded,
   * said once on the console; those already running keep running.
   */
  private <T> T start(String backend, Function<Provider, T> start) {
    Provider provider = provider().provider();
    try {
      return timed(backend, provider, start);
    } catch (ImageUnavailableException e) {
      if (!mayFallBack || provider != Provider.TESTCONTAINERS) {
        throw e;
      }
      choice = ProviderChoice.embeddedBecause(e.getMessage());
      LOG.warn("Backends: embedded from {} on ({})", backend, choice.reason());
      return timed(backend, Provider.EMBEDDED, start);
    }
  }

  private static <T> T timed(String backend, Provider provider, Function<Provider, T> start) {
    long begin = System.nanoTime();
    T running = start.apply(provider);
    LOG.info("Backend {} ({}) started in {} ms", backend, provider.name().toLowerCase(),
        (System.nanoTime() - begin) / 1_000_000);
    return running;
  }

  /** Stops every backend this instance started, newest first; idempotent. */
  @Override
  public synchronized void close() {
    RuntimeException failure = null;
    for (int i = started.size() - 1; i >= 0; i--) {
      try {
        started.get(i).close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new BackendException("stopping backends failed: " + e.getMessage(), e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    started.clear();
    echo = null;
    postgres = null;
    stubs = null;
    keycloak = null;
    if (failure != null) {
      throw failure;
    }
  }
}
