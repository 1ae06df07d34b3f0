package dev.perfsuite.backends.stubs;

import java.net.URI;
import java.util.Objects;

/**
 * Where a running API stub server answers.
 *
 * @param base base URL ending in {@code /}, e.g. {@code http://127.0.0.1:41234/}
 */
public record StubEndpoint(URI base) {

  public StubEndpoint {
    Objects.requireNonNull(base, "base");
    if (!base.isAbsolute() || base.getPort() < 0 || !base.getPath().equals("/")) {
      throw new IllegalArgumentException("stub base must be http://host:port/, was " + base);
    }
  }

  /** The base URL's host, for JMeter's HTTP defaults. */
  public String host() {
    return base.getHost();
  }

  /** The base URL's port, for JMeter's HTTP defaults. */
  public int port() {
    return base.getPort();
  }

  /**
   * An absolute URL on the stub server.
   *
   * @param path path and optional query, with or without the leading {@code /}
   * @return e.g. {@code http://127.0.0.1:41234/api/content/v1/read/do_1}
   */
  public URI uri(String path) {
    return base.resolve(path.startsWith("/") ? path.substring(1) : path);
  }
}
