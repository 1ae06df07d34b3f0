package dev.perfsuite.backends.postgres;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Base64;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.output.OutputFrame;
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
  static final int TAIL_LINES = 40;
  static final Path LOG_DIRECTORY = Path.of("target", "backend-logs");
  private static final String MAX_CONNECTIONS = "400";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

  private final Provider provider;
  private final PostgresEndpoint endpoint;
  private final String networkAlias;
  private final Duration startupTime;
  private final Supplier<String> logs;
  private final Runnable stopper;
  private final Optional<String> containerId;
  private final AtomicBoolean closed = new AtomicBoolean();

  private PostgresServer(Provider provider, PostgresEndpoint endpoint, String networkAlias,
      Duration startupTime, Supplier<String> logs, Runnable stopper, Optional<String> containerId) {
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
  public static PostgresServer start(Provider provider, BackendSettings settings, String database) {
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
    Path log = newLogFile("postgres-embedded");
    Secret password = generatedSecret("generated:postgres." + database + ".password");
    EmbeddedPostgres postgres;
    try {
      postgres = EmbeddedPostgres.builder()
          .setPGStartupWait(settings.startupTimeout())
          .setServerConfig("max_connections", MAX_CONNECTIONS)
          .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
    } catch (IOException | RuntimeException e) {
      throw new BackendException("PostgreSQL (embedded) did not start or not become ready within "
          + "the startup timeout " + settings.startupTimeout()
          + " (perf.backends.startup-timeout): " + e + ". Fix: raise "
          + "perf.backends.startup-timeout, or look for a stale postmaster or a full /tmp"
          + logSection(fileTail(log)), e);
    }
    try (Connection connection = postgres.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE ROLE " + database + " LOGIN PASSWORD '"
          + password.reveal().replace("'", "''") + "'");
      statement.execute("CREATE DATABASE " + database + " OWNER " + database);
    } catch (SQLException e) {
      closeQuietly(postgres);
      throw new BackendException("PostgreSQL (embedded) started but creating database '" + database
          + "' failed: " + e.getMessage() + logSection(fileTail(log)), e);
    }
    PostgresEndpoint endpoint = new PostgresEndpoint("127.0.0.1", postgres.getPort(), database,
        database, password);
    return new PostgresServer(Provider.EMBEDDED, endpoint, null, since(started),
        () -> fileTail(log), () -> closeQuietly(postgres), Optional.empty());
  }

  private static PostgresServer startContainer(BackendSettings settings, String database,
      Network network, String networkAlias) {
    long started = System.nanoTime();
    String image = settings.postgresImage();
    ContainerImages.requireAvailable(image, "perf.postgres.image");
    Secret password = generatedSecret("generated:postgres." + database + ".password");
    ContainerLog log = new ContainerLog();
    PostgreSQLContainer container = new PostgreSQLContainer(
        DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
        .withDatabaseName(database)
        .withUsername(database)
        .withPassword(password.reveal())
        .withCommand("postgres", "-c", "fsync=off", "-c", "max_connections=" + MAX_CONNECTIONS)
        .withLogConsumer(log);
    container.withStartupTimeout(wholeSeconds(settings.startupTimeout()));
    if (network != null) {
      container.withNetwork(network).withNetworkAliases(networkAlias);
    }
    try {
      container.start();
    } catch (RuntimeException e) {
      container.stop();
      String logs = log.tail();
      throw new BackendException("PostgreSQL container " + image + " did not become ready within "
          + "the startup timeout " + describe(settings.startupTimeout()) + ": "
          + rootMessage(e) + ". Fix: check the image (perf.postgres.image, built by "
          + ".ci/docker-setup.sh) or raise perf.backends.startup-timeout" + logSection(logs), e);
    }
    PostgresEndpoint endpoint = new PostgresEndpoint(container.getHost(),
        container.getMappedPort(CONTAINER_PORT), database, database, password);
    return new PostgresServer(Provider.TESTCONTAINERS, endpoint, networkAlias, since(started),
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

  // ---- helpers shared by the backends of this package ----

  /** A random URL-safe value (144 bits), registered with {@link Secrets} so writers mask it. */
  public static Secret generatedSecret(String name) {
    byte[] bytes = new byte[18];
    RANDOM.nextBytes(bytes);
    String value = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Secrets.registerGenerated(value);
    return new Secret(name, value);
  }

  /** A new, empty log file {@code target/backend-logs/<prefix>-<timestamp>.log}. */
  public static Path newLogFile(String prefix) {
    try {
      Files.createDirectories(LOG_DIRECTORY);
      for (int attempt = 0; ; attempt++) {
        Path file = LOG_DIRECTORY.resolve(prefix + "-" + LocalDateTime.now().format(STAMP)
            + (attempt == 0 ? "" : "-" + attempt) + ".log").toAbsolutePath();
        if (!Files.exists(file)) {
          return Files.createFile(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a backend log file under " + LOG_DIRECTORY
          .toAbsolutePath(), e);
    }
  }

  /** The last {@value #TAIL_LINES} lines of a log file, masked; a note when it cannot be read. */
  public static String fileTail(Path file) {
    try {
      return tail(new String(Files.readAllBytes(file), StandardCharsets.UTF_8))
          + "\n(full log: " + file + ")";
    } catch (IOException e) {
      return "(log " + file + " unreadable: " + e.getMessage() + ")";
    }
  }

  /** The last {@value #TAIL_LINES} lines of {@code text}, with known secrets masked. */
  public static String tail(String text) {
    if (text == null || text.isBlank()) {
      return "(log empty)";
    }
    String[] lines = text.split("\r?\n");
    int from = Math.max(0, lines.length - TAIL_LINES);
    return Secrets.mask(String.join("\n", Arrays.copyOfRange(lines, from, lines.length)));
  }

  /** The log tail as the closing section of an exception message. */
  public static String logSection(String tail) {
    return "\n--- log tail (last " + TAIL_LINES + " lines) ---\n" + tail;
  }

  /** The innermost cause's message, where Testcontainers puts the useful part. */
  public static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? String.valueOf(e.getMessage())
        : e.getMessage() + " (cause: " + root.getClass().getSimpleName() + ": "
            + root.getMessage() + ")";
  }

  /** The timeout as configured, plus what Testcontainers really waited when that differs. */
  public static String describe(Duration timeout) {
    Duration waited = wholeSeconds(timeout);
    return timeout + " (perf.backends.startup-timeout" + (waited.equals(timeout) ? ")"
        : "; Testcontainers waits whole seconds: " + waited.toSeconds() + " s)");
  }

  /**
   * {@code timeout} rounded up to whole seconds, at least one: Testcontainers' wait strategies
   * count whole seconds and reject a timeout that truncates to zero.
   */
  public static Duration wholeSeconds(Duration timeout) {
    long seconds = timeout.getSeconds() + (timeout.getNano() > 0 ? 1 : 0);
    return Duration.ofSeconds(Math.max(1, seconds));
  }

  /**
   * The last lines a container wrote, collected while it runs: Testcontainers removes a
   * container that fails to start, and its logs with it, before the caller can read them.
   */
  public static final class ContainerLog implements Consumer<OutputFrame> {
    private static final int KEEP = 200;
    private final Deque<String> lines = new ArrayDeque<>();
    private final StringBuilder partial = new StringBuilder();

    @Override
    public synchronized void accept(OutputFrame frame) {
      String text = frame.getUtf8String();
      if (text == null) {
        return;
      }
      partial.append(text);
      int newline;
      while ((newline = partial.indexOf("\n")) >= 0) {
        lines.addLast(partial.substring(0, newline));
        partial.delete(0, newline + 1);
        if (lines.size() > KEEP) {
          lines.removeFirst();
        }
      }
    }

    /** The last {@value PostgresServer#TAIL_LINES} lines, masked. */
    public synchronized String tail() {
      StringBuilder all = new StringBuilder(String.join("\n", lines));
      if (partial.length() > 0) {
        all.append('\n').append(partial);
      }
      return PostgresServer.tail(all.toString());
    }
  }

  public static Duration since(long startedNanos) {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }

  private static void closeQuietly(EmbeddedPostgres postgres) {
    try {
      postgres.close();
    } catch (IOException e) {
      System.out.println("PostgreSQL (embedded) did not stop cleanly: " + e.getMessage());
    }
  }
}
