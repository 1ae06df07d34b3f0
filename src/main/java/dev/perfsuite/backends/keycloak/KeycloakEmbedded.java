package dev.perfsuite.backends.keycloak;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.config.Secret;
import dev.perfsuite.files.DirectoryTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keycloak from the unpacked distribution, run as {@code bin/kc.sh start-dev} in a child process
 * on loopback, with its output in {@code target/backend-logs/keycloak-embedded-*.log}.
 *
 * <p>A lifecycle object. {@code kc.sh} starts {@code java} as its own child (and re-executes it
 * after an implicit re-augmentation), so stopping destroys the whole process tree, not just the
 * shell; a JVM shutdown hook does the same when the test JVM is interrupted, so no Keycloak
 * outlives the run (only {@code kill -9} of the JVM can orphan it).
 *
 * <p>The distribution is shared by every JVM on the machine, but its runtime data is not: each
 * process gets its own directory {@code data/perf-suite-<pid>-<n>} under the distribution for
 * Narayana's transaction log (a {@code ShadowNoFileLockStore}: two Keycloaks sharing
 * {@code data/transaction-logs} corrupt each other's records) and {@code java.io.tmpdir}; it is
 * deleted on close, and directories of JVMs that no longer run are pruned at the next start.
 */
final class KeycloakEmbedded implements KeycloakRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(KeycloakEmbedded.class);
  private static final Duration POLL = Duration.ofMillis(500);
  private static final String START_LOCK = ".perf-suite-start.lock";
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  /** Heap sized like the dasniko container (1 % initial, 5 % max of RAM): comparable runs. */
  private static final String HEAP = "-XX:InitialRAMPercentage=1 -XX:MaxRAMPercentage=5";

  private static final String OWN_DATA_PREFIX = "perf-suite-";
  private static final AtomicInteger STARTS = new AtomicInteger();

  private final Process process;
  private final Path log;
  private final Path ownData;
  private final int httpPort;
  private final Thread reaper;
  private final AtomicBoolean closed = new AtomicBoolean();

  private KeycloakEmbedded(Process process, Path log, Path ownData, int httpPort) {
    this.process = process;
    this.log = log;
    this.ownData = ownData;
    this.httpPort = httpPort;
    this.reaper = new Thread(this::destroyTree, "keycloak-" + process.pid() + "-reaper");
  }

  /**
   * Starts Keycloak on PostgreSQL {@code database} and waits for {@code /health/ready} on the
   * management port.
   *
   * @throws BackendException when the process exits early or is not ready within
   *     {@code timeout}; the process tree is gone by then and the message ends with its log tail
   */
  static KeycloakEmbedded start(Path home, PostgresEndpoint database, String adminUsername,
      Secret adminPassword, Duration timeout) {
    int httpPort = freePort();
    int managementPort = freePort();
    while (managementPort == httpPort) {
      managementPort = freePort();
    }
    Path log = BackendLogs.newFile("keycloak-embedded");
    Path ownData = ownDataDirectory(home);
    ProcessBuilder builder = launch(home, ownData, httpPort, managementPort, database,
        adminUsername, adminPassword).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    List<String> command = builder.command();
    appendLine(log, "# perf-suite: " + String.join(" ", command) + "  (KC_DB_URL="
        + database.jdbcUrl() + ", java.home=" + System.getProperty("java.home")
        + ", own data " + ownData + ")");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new BackendException("Keycloak (embedded): cannot run " + command.get(0) + ": "
          + e.getMessage() + ". Fix: delete the cached distribution " + home
          + " so that it is unpacked again", e);
    }
    KeycloakEmbedded keycloak = new KeycloakEmbedded(process, log, ownData, httpPort);
    Runtime.getRuntime().addShutdownHook(keycloak.reaper);
    keycloak.awaitReady(URI.create("http://127.0.0.1:" + managementPort + "/health/ready"),
        timeout);
    return keycloak;
  }

  /**
   * The {@code kc.sh start-dev} command and environment: loopback ports, PostgreSQL, and this
   * process's own transaction log and temporary directory under {@code ownData}.
   */
  static ProcessBuilder launch(Path home, Path ownData, int httpPort, int managementPort,
      PostgresEndpoint database, String adminUsername, Secret adminPassword) {
    List<String> command = List.of(home.resolve("bin/kc.sh").toString(), "start-dev",
        "--http-host=127.0.0.1", "--http-port=" + httpPort,
        "--http-management-port=" + managementPort);
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("KC_") || name.startsWith("KEYCLOAK_")
        || name.startsWith("JAVA_OPTS") || name.equals("JAVA_ADD_OPENS"));
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("JAVA_OPTS_KC_HEAP", HEAP);
    // kc.sh splits JAVA_OPTS_APPEND on blanks: a cache directory with a blank would break it.
    env.put("JAVA_OPTS_APPEND", "-Dquarkus.transaction-manager.object-store.directory="
        + ownData.resolve("transaction-logs") + " -Djava.io.tmpdir=" + ownData.resolve("tmp"));
    env.put("KC_BOOTSTRAP_ADMIN_USERNAME", adminUsername);
    env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword.reveal());
    env.put("KC_HEALTH_ENABLED", "true");
    env.put("KC_DB", "postgres");
    env.put("KC_DB_URL", database.jdbcUrl());
    env.put("KC_DB_USERNAME", database.username());
    env.put("KC_DB_PASSWORD", database.password().reveal());
    return builder;
  }

  /**
   * A new directory {@code <home>/data/perf-suite-<pid>-<n>} with {@code tmp} inside, after
   * deleting those of JVMs that no longer run (a {@code kill -9} skips the clean-up on close).
   */
  static Path ownDataDirectory(Path home) {
    Path data = home.resolve("data");
    try {
      Files.createDirectories(data);
      try (Stream<Path> entries = Files.list(data)) {
        entries.filter(KeycloakEmbedded::ownedByAGoneJvm).forEach(KeycloakEmbedded::deleteTree);
      }
      Path own = data.resolve(OWN_DATA_PREFIX + ProcessHandle.current().pid() + "-"
          + STARTS.incrementAndGet());
      Files.createDirectories(own.resolve("tmp"));
      return own;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create Keycloak's own data directory under "
          + data, e);
    }
  }

  private static boolean ownedByAGoneJvm(Path directory) {
    String name = directory.getFileName().toString();
    if (!name.startsWith(OWN_DATA_PREFIX)) {
      return false;
    }
    String[] parts = name.substring(OWN_DATA_PREFIX.length()).split("-");
    try {
      return ProcessHandle.of(Long.parseLong(parts[0])).map(p -> !p.isAlive()).orElse(true);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static void deleteTree(Path directory) {
    DirectoryTree.deleteQuietly(directory, "Keycloak data");
  }

  /**
   * Runs {@code start} holding a lock on the distribution, in this JVM and across JVMs. The first
   * start augments the shared tree (writes {@code lib/quarkus}), and two JVMs augmenting it at once
   * would corrupt it. Later starts only wait for each other's startup.
   */
  static KeycloakEmbedded startExclusively(Path home, PostgresEndpoint database,
      String adminUsername, Secret adminPassword, Duration timeout) {
    synchronized (KeycloakEmbedded.class) {
      try (FileChannel channel = FileChannel.open(home.resolve(START_LOCK),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = channel.lock()) {
        return start(home, database, adminUsername, adminPassword, timeout);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot lock " + home.resolve(START_LOCK), e);
      }
    }
  }

  private void awaitReady(URI health, Duration timeout) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    long deadline = System.nanoTime() + timeout.toNanos();
    String lastAnswer = "no answer yet";
    while (true) {
      if (!process.isAlive()) {
        int code = process.exitValue();
        close();
        throw new BackendException("Keycloak (embedded) exited early with code " + code
            + " before " + health + " answered. Fix: read the log tail below (a port in use, "
            + "PostgreSQL unreachable, or a broken cached distribution: delete it and rerun)"
            + BackendLogs.section(logTail()));
      }
      try {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(health)
            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          return;
        }
        lastAnswer = "HTTP " + response.statusCode() + " " + response.body();
      } catch (IOException e) {
        lastAnswer = e.getClass().getSimpleName();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new BackendException("interrupted while waiting for Keycloak (embedded)", e);
      }
      if (System.nanoTime() - deadline >= 0) {
        close();
        throw new BackendException("Keycloak (embedded) did not become healthy within the "
            + "startup timeout " + timeout + " (perf.backends.startup-timeout); " + health + ": "
            + lastAnswer + ". Fix: raise perf.backends.startup-timeout (a cold first start "
            + "augments for ~20 s on 2 cores) or read the log tail below"
            + BackendLogs.section(logTail()));
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new BackendException("interrupted while waiting for Keycloak (embedded)", e);
      }
    }
  }

  @Override
  public URI baseUrl() {
    return URI.create("http://127.0.0.1:" + httpPort);
  }

  @Override
  public String logTail() {
    return BackendLogs.fileTail(log);
  }

  /** This process's own transaction log and temporary directory; deleted on close. */
  Path ownData() {
    return ownData;
  }

  /** The {@code kc.sh} process; Keycloak's JVM is among its descendants. */
  ProcessHandle handle() {
    return process.toHandle();
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      destroyTree();
      try {
        Runtime.getRuntime().removeShutdownHook(reaper);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running or about to; it finds nothing left to do.
      }
    }
  }

  /** SIGTERM to the shell and every descendant, then SIGKILL to whatever outlives the grace. */
  private void destroyTree() {
    List<ProcessHandle> tree = new ArrayList<>();
    tree.add(process.toHandle());
    process.descendants().forEach(tree::add);
    tree.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + STOP_GRACE.toNanos();
    for (ProcessHandle handle : tree) {
      long left = Math.max(0, deadline - System.nanoTime());
      try {
        handle.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (Exception notYet) {
        handle.destroyForcibly();
      }
    }
    for (ProcessHandle handle : tree) {
      try {
        handle.onExit().get(5, TimeUnit.SECONDS);
      } catch (Exception stuck) {
        LOG.warn("Keycloak (embedded): process {} did not exit after SIGKILL", handle.pid());
      }
    }
    deleteTree(ownData);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free TCP port", e);
    }
  }

  private static void appendLine(Path file, String line) {
    try {
      Files.writeString(file, line + System.lineSeparator(), StandardCharsets.UTF_8,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
