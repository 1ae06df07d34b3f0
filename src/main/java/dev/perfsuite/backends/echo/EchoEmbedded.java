package dev.perfsuite.backends.echo;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.config.settings.EchoStall;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The Netty echo backend inside this JVM, on loopback. */
public final class EchoEmbedded implements EchoService {
  private final EchoBackend backend;

  /**
   * Starts the echo on {@code port} (0 for any free port).
   *
   * @throws BackendException when a fixed port is already taken, naming the key to change
   */
  public EchoEmbedded(int port, Duration delay) {
    this(port, delay, Optional.empty());
  }

  /**
   * Starts the echo on {@code port}, freezing on {@code stall}'s schedule when present.
   *
   * @throws BackendException when a fixed port is already taken, naming the key to change
   */
  public EchoEmbedded(int port, Duration delay, Optional<EchoStall> stall) {
    try {
      EchoOptions options = EchoOptions.defaults()
          .withHost("127.0.0.1").withPort(port).withDelay(delay);
      this.backend = EchoBackend.start(stall.map(options::withStall).orElse(options));
    } catch (IllegalStateException e) {
      throw new BackendException("embedded echo backend cannot listen on 127.0.0.1:" + port
          + " (port in use?). Fix: free the port or set perf.echo.port=0 for any free port. "
          + "Cause: " + e.getMessage(), e);
    }
  }

  @Override
  public URI uri() {
    return backend.uri();
  }

  @Override
  public void close() {
    backend.close();
  }
}
