package dev.perfsuite.backends.keycloak;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.backends.postgres.PostgresServer;
import dev.perfsuite.config.Secret;
import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * Keycloak from the unpacked distribution, run as {@code bin/kc.sh start-dev} in a child process
 * on loopback, with its output in {@code target/backend-logs/keycloak-embedded-*.log}.
 *
 * <p>A lifecycle object. {@code kc.sh} starts {@code java} as its own child (and re-executes it
 * after an implicit re-augmentation), so stopping destroys the whole process tree, not just the
 * shell; a JVM shutdown hook does the same when the test JVM is interrupted, so no Keycloak
 * outlives the run (only {@code kill -9} of the JVM can orphan it).
 */
final class KeycloakProcess implements KeycloakRuntime {
  private static final Duration POLL = Duration.ofMillis(500);
  private static final String START_LOCK = ".perf-suite-start.lock";
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  /** Heap sized like the dasniko container (1 % initial, 5 % max of RAM): comparable runs. */
  private static final String HEAP = "-XX:InitialRAMPercentage=1 -XX:MaxRAMPercentage=5";

  private final Process process;
  private final Path log;
  private final int httpPort;
  private final Thread reaper;
  private final AtomicBoolean closed = new AtomicBoolean();

  private KeycloakProcess(Process process, Path log, int httpPort) {
    this.process = process;
    this.log = log;
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
  static KeycloakProcess start(Path home, PostgresEndpoint database, String adminUsername,
      Secret adminPassword, Duration timeout) {
    int httpPort = freePort();
    int managementPort = freePort();
    while (managementPort == httpPort) {
      managementPort = freePort();
    }
    List<String> command = List.of(home.resolve("bin/kc.sh").toString(), "start-dev",
        "--http-host=127.0.0.1", "--http-port=" + httpPort,
        "--http-management-port=" + managementPort);
    Path log = PostgresServer.newLogFile("keycloak-embedded");
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(home.toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("KC_") || name.startsWith("KEYCLOAK_")
        || name.startsWith("JAVA_OPTS") || name.equals("JAVA_ADD_OPENS"));
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("JAVA_OPTS_KC_HEAP", HEAP);
    env.put("KC_BOOTSTRAP_ADMIN_USERNAME", adminUsername);
    env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword.reveal());
    env.put("KC_HEALTH_ENABLED", "true");
    env.put("KC_DB", "postgres");
    env.put("KC_DB_URL", database.jdbcUrl());
    env.put("KC_DB_USERNAME", database.username());
    env.put("KC_DB_PASSWORD", database.password().reveal());
    appendLine(log, "# perf-suite: " + String.join(" ", command) + "  (KC_DB_URL="
        + database.jdbcUrl() + ", java.home=" + System.getProperty("java.home") + ")");
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new BackendException("Keycloak (embedded): cannot run " + command.get(0) + ": "
          + e.getMessage() + ". Fix: delete the cached distribution " + home
          + " so that it is unpacked again", e);
    }
    KeycloakProcess keycloak = new KeycloakProcess(process, log, httpPort);
    Runtime.getRuntime().addShutdownHook(keycloak.reaper);
    keycloak.awaitReady(URI.create("http://127.0.0.1:" + managementPort + "/health/ready"),
        timeout);
    return keycloak;
  }

  /**
   * Runs {@code start} holding a lock on the distribution, in this JVM and across JVMs: the
   * first start augments the shared tree (writes {@code lib/quarkus}), and two JVMs augmenting
   * it at once would corrupt it. Later starts only wait for each other's startup.
   */
  static KeycloakProcess startExclusively(Path home, PostgresEndpoint database,
      String adminUsername, Secret adminPassword, Duration timeout) {
    synchronized (KeycloakProcess.class) {
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
            + PostgresServer.logSection(logTail()));
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
            + PostgresServer.logSection(logTail()));
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
    return PostgresServer.fileTail(log);
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
        System.out.println("Keycloak (embedded): process " + handle.pid()
            + " did not exit after SIGKILL");
      }
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
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
