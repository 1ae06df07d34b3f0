package dev.perfsuite.backends.stubs;

import java.net.URI;

/**
 * A running WireMock, in-process or in a container, serving the classpath {@code wiremock} files.
 */
interface StubRuntime extends AutoCloseable {

  /** Base URL as seen from this JVM, e.g. {@code http://127.0.0.1:41234/}. */
  URI base();

  /** The last lines WireMock logged; never null. */
  String logTail();

  /** Stops the server; a second call does nothing. */
  @Override
  void close();
}
