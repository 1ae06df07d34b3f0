package dev.perfsuite.backends.echo;

import java.net.URI;

/** A running echo backend, in-process or in a container. */
public interface EchoService extends AutoCloseable {

  /** Base URL, e.g. {@code http://127.0.0.1:41234/}. */
  URI uri();

  @Override
  void close();
}
