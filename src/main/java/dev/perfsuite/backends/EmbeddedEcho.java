package dev.perfsuite.backends;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import java.net.URI;
import java.time.Duration;

/** The Netty echo backend inside this JVM, on an ephemeral loopback port. */
final class EmbeddedEcho implements EchoService {
  private final EchoBackend backend;

  EmbeddedEcho(Duration delay) {
    this.backend = EchoBackend.start(EchoOptions.defaults()
        .withHost("127.0.0.1").withPort(0).withDelay(delay));
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
