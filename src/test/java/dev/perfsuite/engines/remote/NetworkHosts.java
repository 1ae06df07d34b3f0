package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.echo.EchoBackendMain;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.server.RemoteEngineMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Assumptions;

/**
 * Hosts of their own on this machine: network namespaces on a bridge ({@code .ci/netns-hosts.sh}),
 * each with an address in a private /24, reached from this (root) namespace through a veth.
 * Closing kills every process started in them and deletes them; a shutdown hook does the same if
 * the test JVM is stopped first.
 */
final class NetworkHosts implements AutoCloseable {
  private static final Path SCRIPT = Path.of(".ci", "netns-hosts.sh").toAbsolutePath();
  private static final Duration COMMAND = Duration.ofSeconds(30);

  private final String prefix;
  private final String net;
  private final int count;
  private final List<Process> processes = new ArrayList<>();
  private final Thread teardown;
  private boolean closed;

  private NetworkHosts(String prefix, String net, int count) {
    this.prefix = prefix;
    this.net = net;
    this.count = count;
    this.teardown = new Thread(this::down, "netns-teardown-" + prefix);
  }

  /**
   * Skips the calling test where this machine cannot create them (root, ip and iptables with the
   * statistic match); fails it in CI ({@code CI=true}), which prepares them, so none skips there.
   */
  static void requireAvailable() {
    boolean available;
    try {
      available = run(List.of("bash", SCRIPT.toString(), "check")) == 0;
    } catch (IOException e) {
      available = false;
    }
    String why = "network namespaces need root, ip and iptables with the statistic match "
        + "(.ci/netns-hosts.sh check)";
    if ("true".equals(System.getenv("CI"))) {
      assertThat(available).as("CI prepares them (.ci/run): %s", why).isTrue();
    }
    Assumptions.assumeTrue(available, why);
  }

  /**
   * Creates {@code count} hosts, {@code h1} to {@code hN}, on a /24 unique to this JVM
   * (10.213.20-219.0/24, from the process id); the root namespace is {@code .1} on it.
   */
  static NetworkHosts up(int count) {
    long pid = ProcessHandle.current().pid();
    NetworkHosts hosts = new NetworkHosts("pf" + pid % 100_000, "10.213." + (20 + pid % 200),
        count);
    Runtime.getRuntime().addShutdownHook(hosts.teardown);
    hosts.down();
    hosts.script("up", hosts.prefix, hosts.net, String.valueOf(count));
    return hosts;
  }

  /** The address of host {@code index} (1-based). */
  String address(int index) {
    return net + "." + (10 + index);
  }

  /** The address of this (root) namespace on the hosts' network: where engines call back. */
  String controllerAddress() {
    return net + ".1";
  }

  /** Drops {@code probability} (0.01 = 1 %) of the packets in and out of host {@code index}. */
  void loss(int index, double probability) {
    script("loss", prefix, "h" + index, String.valueOf(probability));
  }

  /** Cuts host {@code index} off: every packet of its link dropped, its processes running. */
  void cut(int index) {
    script("cut", prefix, "h" + index);
  }

  /** Restores the link {@link #cut} dropped. */
  void mend(int index) {
    script("mend", prefix, "h" + index);
  }

  /** Starts the echo backend on host {@code index} (with {@code options}) and waits for it. */
  void startEcho(int index, int port, Path logs, Duration within, String... options) {
    List<String> command = new ArrayList<>(List.of(java(), "-Xmx128m", "-cp",
        System.getProperty("java.class.path"), EchoBackendMain.class.getName(), "--host",
        address(index), "--port", String.valueOf(port)));
    command.addAll(List.of(options));
    start(index, command, Map.of(), logs.resolve("echo.log"), EchoBackendMain.READY_LINE_PREFIX,
        within, line -> { });
  }

  /**
   * Starts a remote engine on each host of {@code indexes} in parallel, on {@code port} (RMI
   * object on the next), {@code --hostname} its own address, SSL with the tests' keystore, plus
   * {@code options} of each host; waits until every one is ready.
   */
  void startEngines(List<Integer> indexes, int port, Path logs, Duration within,
      IntFunction<List<String>> options) throws Exception {
    RmiTransport transport = LocalRemoteEngines.transport();
    List<CompletableFuture<Void>> engines = new ArrayList<>();
    for (int index : indexes) {
      List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m",
          "-Dperf.engine.work-dir=" + logs.resolve("work-h" + index), "-cp",
          System.getProperty("java.class.path"), RemoteEngineMain.class.getName(), "--port",
          String.valueOf(port), "--rmi-port", String.valueOf(port + 1), "--hostname",
          address(index), "--keystore", transport.keystore().toString(), "--key-alias",
          transport.keyAlias()));
      command.addAll(options.apply(index));
      engines.add(CompletableFuture.runAsync(() -> start(index, command,
          Map.of(RmiTransport.PASSWORD_VARIABLE, LocalRemoteEngines.password()),
          logs.resolve("engine-h" + index + ".log"), RemoteEngineMain.READY, within,
          line -> { })));
    }
    CompletableFuture.allOf(engines.toArray(CompletableFuture[]::new)).get();
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Starts {@code command} in host {@code index}, its output lines to {@code log} and to
   * {@code lines}; returns when a line contains {@code ready} (bounded by {@code within}).
   */
  Process start(int index, List<String> command, Map<String, String> environment, Path log,
      String ready, Duration within, Consumer<String> lines) {
    List<String> inHost = new ArrayList<>(List.of("ip", "netns", "exec", prefix + "-h" + index));
    inHost.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(inHost).redirectErrorStream(true);
    builder.environment().putAll(environment);
    try {
      Process process = builder.start();
      synchronized (processes) {
        processes.add(process);
      }
      CompletableFuture<Void> started = new CompletableFuture<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
            process.getInputStream(), StandardCharsets.UTF_8));
            Writer file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            file.write(line + "\n");
            file.flush();
            lines.accept(line);
            if (line.contains(ready)) {
              started.complete(null);
            }
          }
          started.completeExceptionally(new IllegalStateException(command.get(0) + " in h"
              + index + " exited with " + process.waitFor()));
        } catch (IOException e) {
          started.completeExceptionally(e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "netns-h" + index + "-output");
      reader.setDaemon(true);
      reader.start();
      started.get(within.toSeconds(), TimeUnit.SECONDS);
      return process;
    } catch (Exception e) {
      String text = "";
      try {
        text = Files.exists(log) ? Files.readString(log) : "";
      } catch (IOException ignored) {
        // The log is only a diagnostic.
      }
      throw new IllegalStateException("no '" + ready + "' from " + command + " in h" + index
          + " within " + within + ": " + e + "\n" + text, e);
    }
  }

  private void script(String... arguments) {
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(arguments));
    try {
      int exit = run(command);
      if (exit != 0) {
        throw new IllegalStateException(String.join(" ", command) + " exited with " + exit);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int run(List<String> command) throws IOException {
    Process process = new ProcessBuilder(command).inheritIO().start();
    try {
      if (!process.waitFor(COMMAND.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        return -1;
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      return -1;
    }
  }

  private synchronized void down() {
    synchronized (processes) {
      processes.forEach(Process::destroyForcibly);
      for (Process process : processes) {
        try {
          process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      processes.clear();
    }
    try {
      run(List.of("bash", SCRIPT.toString(), "down", prefix));
    } catch (IOException e) {
      System.err.println("cannot delete the namespaces " + prefix + "-*: " + e);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    down();
    try {
      Runtime.getRuntime().removeShutdownHook(teardown);
    } catch (IllegalStateException e) {
      // Shutting down: the hook tears down.
    }
  }

  int count() {
    return count;
  }
}
