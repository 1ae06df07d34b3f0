package dev.perfsuite.engines;

import static org.awaitility.Awaitility.await;

import dev.perfsuite.config.Secret;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.remote.Aggregation;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.server.RemoteEngineMain;
import dev.perfsuite.reporting.ResultFiles;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * JMeter remote engines started as child JVMs ({@link RemoteEngineMain}) on free loopback ports,
 * with this JVM's class path (so the scenarios' test classes are there too), for the distributed
 * tests; closing kills them all.
 *
 * <p>RMI runs over SSL with a throw-away keystore made by keytool: JMeter reads the RMI settings
 * once per JVM, so every distributed test in the test JVM uses {@link #transport()}.
 */
public final class LocalRemoteEngines implements AutoCloseable {
  static final Duration STARTUP = Duration.ofSeconds(60);
  private static final String PASSWORD = "perf-suite-it-keystore";
  private static final Path KEYSTORE = Path.of("target", "rmi-it", "rmi_keystore.jks")
      .toAbsolutePath();

  private final List<Process> processes = new ArrayList<>();
  private final List<String> addresses = new ArrayList<>();
  private final List<StringBuffer> logs = new ArrayList<>();

  private LocalRemoteEngines() {
  }

  /** Starts {@code count} engines in parallel and waits (bounded) until each is ready. */
  public static LocalRemoteEngines start(int count) {
    return start(count, System.getProperty("java.class.path"), true);
  }

  /** As {@link #start(int)}, the engines' class path this JVM's plus {@code extra}. */
  public static LocalRemoteEngines start(int count, Path extra) {
    return start(count, System.getProperty("java.class.path") + File.pathSeparator + extra,
        true);
  }

  private static LocalRemoteEngines start(int count, String classpath, boolean ssl) {
    LocalRemoteEngines engines = new LocalRemoteEngines();
    try {
      List<CompletableFuture<Void>> ready = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        ready.add(engines.launch(classpath, ssl));
      }
      CompletableFuture.allOf(ready.toArray(CompletableFuture[]::new))
          .get(STARTUP.toSeconds(), TimeUnit.SECONDS);
      return engines;
    } catch (Exception e) {
      String logs = String.join("\n---\n", engines.logs);
      engines.close();
      throw new IllegalStateException("remote engines did not start within " + STARTUP
          + ": " + e + "\n" + logs, e);
    }
  }

  /**
   * As {@link #start(int)}, RMI without SSL ({@code --no-ssl}, as CI's loopback engines); a
   * controller for them runs in a JVM of its own, as this JVM's RMI uses SSL.
   */
  public static LocalRemoteEngines startPlain(int count) {
    return start(count, System.getProperty("java.class.path"), false);
  }

  /**
   * Waits until every engine of {@code engine}'s running run has sent samples, and each has sent
   * more since: the load is on and reaching the controller from every engine, so a fault
   * injected next lands mid-run.
   */
  public static void awaitSteadySampling(DistributedEngine engine, Duration within) {
    await("every engine sampling").atMost(within).pollInterval(Duration.ofMillis(200))
        .until(engine::allEnginesSampled);
    Map<String, Long> first = samplesByEngine(engine);
    await("every engine's samples past " + first).atMost(within)
        .pollInterval(Duration.ofMillis(200)).until(() -> {
          Map<String, Long> now = samplesByEngine(engine);
          return first.entrySet().stream().allMatch(e -> now.get(e.getKey()) > e.getValue());
        });
  }

  private static Map<String, Long> samplesByEngine(DistributedEngine engine) {
    return engine.engineSummaries().entrySet().stream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().samples()));
  }

  /** The RMI transport every test uses: SSL with the test keystore, created on first use. */
  public static synchronized RmiTransport transport() {
    if (!Files.isRegularFile(KEYSTORE)) {
      createKeystore();
    }
    return RmiTransport.ssl(KEYSTORE, "rmi", new Secret(RmiTransport.PASSWORD_VARIABLE,
        PASSWORD));
  }

  public static Path keystore() {
    transport();
    return KEYSTORE;
  }

  public static String password() {
    return PASSWORD;
  }

  /** A distributed engine on these engines writing under {@code results}. */
  public DistributedEngine engine(Path results, RemoteSplit split, Duration watchdog) {
    return new DistributedEngine(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of(ResultFiles.watcher()), addresses, split, watchdog, 0, transport());
  }

  /** As {@link #engine(Path, RemoteSplit, Duration)}, reporting results as {@code aggregation}. */
  public DistributedEngine engine(Path results, RemoteSplit split, Duration watchdog,
      Aggregation aggregation) {
    return new DistributedEngine(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of(ResultFiles.watcher()), addresses, split, watchdog, 0, transport(), aggregation);
  }

  public List<String> addresses() {
    return List.copyOf(addresses);
  }

  /** What the engine at {@code index} printed so far (its first 20,000 characters). */
  public String output(int index) {
    return logs.get(index).toString();
  }

  /** The data directory the engine at {@code index} named on its start line. */
  public Path dataDirectory(int index) {
    Matcher line = Pattern.compile("Data files shipped by controllers go to (\\S+)")
        .matcher(output(index));
    if (!line.find()) {
      throw new IllegalStateException("engine " + index + " named no data directory: "
          + output(index));
    }
    return Path.of(line.group(1));
  }

  /** The process id of the engine at {@code index}. */
  public long pid(int index) {
    return processes.get(index).pid();
  }

  /** Where the engine at {@code index} keeps its JTLs ({@code perf.engine.work-dir}). */
  public Path workDirectory(int index) {
    return workDirectory(addresses.get(index));
  }

  private static Path workDirectory(String address) {
    return KEYSTORE.getParent().resolve("work-" + address.substring(address.lastIndexOf(':') + 1));
  }

  /**
   * Freezes the engine at {@code index} (SIGSTOP): connected, its sockets open, but silent, as a
   * host stalled by swapping or a stop-the-world pause would be. {@link #resume} or
   * {@link #close} ends it.
   */
  public void freeze(int index) {
    signal(index, "-STOP");
  }

  /** Lets a frozen engine run again (SIGCONT). */
  void resume(int index) {
    signal(index, "-CONT");
  }

  private void signal(int index, String signal) {
    try {
      Process kill = new ProcessBuilder("kill", signal,
          String.valueOf(processes.get(index).pid())).inheritIO().start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException("kill " + signal + " failed for engine " + index);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Kills the engine at {@code index} at once (SIGKILL), as a crashed host would vanish. */
  public void kill(int index) {
    processes.get(index).destroyForcibly();
  }

  private CompletableFuture<Void> launch(String classpath, boolean ssl) throws IOException {
    RmiTransport transport = transport();
    int port = freePort();
    int rmiPort = freePort();
    // Two probes can return the same free port once the first is closed: the engine refuses it.
    while (rmiPort == port) {
      rmiPort = freePort();
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Xmx256m",
        "-Dperf.engine.work-dir=" + workDirectory("127.0.0.1:" + port), "-cp",
        classpath, RemoteEngineMain.class.getName(),
        "--port", String.valueOf(port), "--rmi-port", String.valueOf(rmiPort),
        "--hostname", "127.0.0.1"));
    command.addAll(ssl ? List.of("--keystore", transport.keystore().toString(), "--key-alias",
        transport.keyAlias()) : List.of("--no-ssl"));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    Path logFile = KEYSTORE.getParent().resolve("engine-" + port + ".log");
    builder.environment().put(RmiTransport.PASSWORD_VARIABLE, PASSWORD);
    Process process = builder.start();
    processes.add(process);
    addresses.add("127.0.0.1:" + port);
    StringBuffer log = new StringBuffer();
    logs.add(log);
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(
          process.getInputStream(), StandardCharsets.UTF_8));
          Writer file = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8)) {
        String line;
        while ((line = lines.readLine()) != null) {
          file.write(line + "\n");
          file.flush();
          if (log.length() < 20_000) {
            log.append(line).append('\n');
          }
          if (line.contains(RemoteEngineMain.READY)) {
            ready.complete(null);
          }
        }
        ready.completeExceptionally(new IllegalStateException("engine on port " + port
            + " exited with " + process.waitFor()));
      } catch (IOException e) {
        ready.completeExceptionally(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "remote-engine-" + port + "-output");
    reader.setDaemon(true);
    reader.start();
    return ready;
  }

  @Override
  public void close() {
    for (int i = 0; i < processes.size(); i++) {
      if (processes.get(i).isAlive()) {
        // A frozen process ignores SIGTERM until it runs again; SIGKILL works either way.
        try {
          resume(i);
        } catch (RuntimeException e) {
          // Gone meanwhile.
        }
      }
    }
    for (Process process : processes) {
      process.destroyForcibly();
    }
    for (Process process : processes) {
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static void createKeystore() {
    try {
      Files.createDirectories(KEYSTORE.getParent());
      String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
      Process process = new ProcessBuilder(keytool, "-genkeypair", "-alias", "rmi",
          "-keyalg", "RSA", "-keysize", "2048", "-validity", "30", "-storetype", "JKS",
          "-keystore", KEYSTORE.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD,
          "-dname", "CN=perf-suite test engines").redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("keytool failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
