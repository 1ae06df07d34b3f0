package dev.perfsuite.engines.remote;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Remote engines on hosts of their own ({@link NetworkHosts}), for tests outside this package that
 * drive a {@link DistributedEngine} in their own JVM: h1 serves the echo backend, h2 and up run
 * one engine each on port {@value #RMI_PORT}, and the controller is this JVM in the root
 * namespace.
 *
 * <p>Trap: RMI reads its callback address once per JVM, so the first distributed run of the JVM
 * must be one on these engines (the controller then finds its address on the hosts' network by
 * itself); {@link #start} fails naming the fix when an earlier run fixed another address.
 */
public final class NamespaceEngines implements AutoCloseable {
  private static final int RMI_PORT = 1099;
  private static final int ECHO_PORT = 8688;

  private final NetworkHosts hosts;
  private final List<String> remotes;

  private NamespaceEngines(NetworkHosts hosts, List<String> remotes) {
    this.hosts = hosts;
    this.remotes = List.copyOf(remotes);
  }

  /** Skips the calling test where the hosts cannot be made; fails it in CI, which makes them. */
  public static void requireAvailable() {
    NetworkHosts.requireAvailable();
  }

  /**
   * Starts the echo backend (answering after {@code echoDelay}) and {@code engines} engines, each
   * on a host of its own, logs under {@code logs}; returns once all are ready ({@code within}).
   *
   * @throws IllegalStateException when this JVM's RMI callback address is fixed to another one
   */
  public static NamespaceEngines start(int engines, Duration echoDelay, Path logs,
      Duration within) throws Exception {
    NetworkHosts hosts = NetworkHosts.up(engines + 1);
    String fixed = ControllerRmi.callbackHost();
    if (fixed != null && !fixed.equals(hosts.controllerAddress())) {
      hosts.close();
      throw new IllegalStateException("an earlier distributed run in this JVM fixed RMI's "
          + "callback address at " + fixed + ", which engines on " + hosts.controllerAddress()
          + "/24 cannot reach. Fix: run this test in a JVM of its own (-Dit.test=CLASS)");
    }
    try {
      Files.createDirectories(logs);
      hosts.startEcho(1, ECHO_PORT, logs, within, "--delay",
          String.valueOf(echoDelay.toMillis()));
      List<Integer> indexes = new ArrayList<>();
      List<String> remotes = new ArrayList<>();
      for (int host = 2; host <= engines + 1; host++) {
        indexes.add(host);
        remotes.add(hosts.address(host) + ":" + RMI_PORT);
      }
      hosts.startEngines(indexes, RMI_PORT, logs, within, host -> List.of());
      return new NamespaceEngines(hosts, remotes);
    } catch (Exception | Error e) {
      hosts.close();
      throw e;
    }
  }

  /** The engines as {@code perf.remotes} lists them ({@code address:port}). */
  public List<String> remotes() {
    return remotes;
  }

  /** The echo backend's URL of {@code path} (starting with /) on host h1. */
  public String echo(String path) {
    return "http://" + hosts.address(1) + ":" + ECHO_PORT + path;
  }

  /** A URL on host h1 whose port nothing listens on: every request fails, refused. */
  public String closedPort() {
    return "http://" + hosts.address(1) + ":" + (ECHO_PORT + 1) + "/";
  }

  /** Stops every process on the hosts and deletes them. */
  @Override
  public void close() {
    hosts.close();
  }
}
