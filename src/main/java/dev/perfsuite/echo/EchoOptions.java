package dev.perfsuite.echo;

import dev.perfsuite.config.Versions;
import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Immutable settings of an {@link EchoBackend}; every {@code with*} method returns a new instance.
 *
 * <p>Start from {@link #defaults()}, which match WSO2's echo service except {@code bossThreads} (1,
 * not one per core: a single acceptor is plenty for a load target).
 *
 * @param host address to bind, loopback {@code 127.0.0.1} by default; {@code 0.0.0.0} (all
 *     interfaces) only where the network is trusted, as inside a container
 * @param port TCP port, {@code 0} for an ephemeral one
 * @param bossThreads event-loop threads accepting connections, at least 1
 * @param workerThreads event-loop threads serving connections, at least 1
 * @param delay time to wait before writing each response, scheduled without blocking the event
 *     loop;
 *     {@link Duration#ZERO} answers at once
 * @param maxContentLength largest request body in bytes; a larger one gets
 *     {@code 413 Request Entity Too Large}
 * @param stall a periodic freeze (requests held until it ends), empty for none
 */
public record EchoOptions(
    String host, int port, int bossThreads, int workerThreads, Duration delay, int maxContentLength,
    Optional<EchoStall> stall) {

  static final String DEFAULT_HOST = "127.0.0.1";
  static final int DEFAULT_PORT = Versions.ECHO_PORT;
  static final int DEFAULT_BOSS_THREADS = 1;
  static final int DEFAULT_MAX_CONTENT_LENGTH = 1024 * 1024;

  /** Options without a stall. */
  public EchoOptions(String host, int port, int bossThreads, int workerThreads, Duration delay,
      int maxContentLength) {
    this(host, port, bossThreads, workerThreads, delay, maxContentLength, Optional.empty());
  }

  /**
   * Validates every component; throws {@link IllegalArgumentException} naming the first bad one.
   */
  public EchoOptions {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(delay, "delay");
    Objects.requireNonNull(stall, "stall");
    if (host.isBlank()) {
      throw new IllegalArgumentException("host must not be blank");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be from 0 to 65535, was " + port);
    }
    if (bossThreads < 1) {
      throw new IllegalArgumentException("bossThreads must be at least 1, was " + bossThreads);
    }
    if (workerThreads < 1) {
      throw new IllegalArgumentException("workerThreads must be at least 1, was " + workerThreads);
    }
    if (delay.isNegative() || delay.compareTo(Duration.ofNanos(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("delay must be from 0 to "
          + Duration.ofNanos(Long.MAX_VALUE) + ", was " + delay);
    }
    if (maxContentLength < 1) {
      throw new IllegalArgumentException("maxContentLength must be at least 1 byte, was "
          + maxContentLength);
    }
  }

  /**
   * Returns the defaults: host {@code 127.0.0.1}, port {@link Versions#ECHO_PORT}, 1 boss thread, 2
   * worker threads per available processor, no delay and a 1 MiB body limit.
   *
   * @return the default options
   */
  public static EchoOptions defaults() {
    return new EchoOptions(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_BOSS_THREADS, defaultWorkerThreads(),
        Duration.ZERO, DEFAULT_MAX_CONTENT_LENGTH);
  }

  static int defaultWorkerThreads() {
    return 2 * Runtime.getRuntime().availableProcessors();
  }

  /**
   * Returns a copy bound to another address.
   *
   * @param host an IP address or host name, e.g. {@code 127.0.0.1} in tests
   * @return the new options
   */
  public EchoOptions withHost(String host) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy listening on another port.
   *
   * @param port from 0 to 65535; 0 picks a free port, read it back with {@link EchoBackend#port()}
   * @return the new options
   */
  public EchoOptions withPort(int port) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy with another number of accepting threads.
   *
   * @param bossThreads at least 1
   * @return the new options
   */
  public EchoOptions withBossThreads(int bossThreads) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy with another number of serving threads.
   *
   * @param workerThreads at least 1
   * @return the new options
   */
  public EchoOptions withWorkerThreads(int workerThreads) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy that waits before each response, like WSO2's {@code --delay}.
   *
   * @param delay zero or more; millisecond precision is what the event loop's timer offers in
   *     practice
   * @return the new options
   */
  public EchoOptions withDelay(Duration delay) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy with another request body limit.
   *
   * @param maxContentLength bytes, at least 1; larger bodies get {@code 413}
   * @return the new options
   */
  public EchoOptions withMaxContentLength(int maxContentLength) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        stall);
  }

  /**
   * Returns a copy that freezes periodically: a request arriving inside a freeze is held until it
   * ends, then answered after the delay.
   *
   * @param stall the freeze schedule
   * @return the new options
   */
  public EchoOptions withStall(EchoStall stall) {
    return new EchoOptions(host, port, bossThreads, workerThreads, delay, maxContentLength,
        Optional.of(stall));
  }
}
