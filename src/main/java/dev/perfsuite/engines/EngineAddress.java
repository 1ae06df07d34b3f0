package dev.perfsuite.engines;

import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Where a JMeter remote engine listens: {@code host:port}, the port being its RMI registry's, as
 * a {@code perf.remotes} entry names it and JMeter prefixes its thread names.
 *
 * <p>The one parser of that form for both sides: the controller (reachability probes, callback
 * address, data shipment) and the engine launcher's banner.
 *
 * @param host host name or address, never blank
 * @param port RMI registry port, 1-65535
 */
public record EngineAddress(String host, int port) {

  /**
   * Checks the host and the port.
   *
   * @throws IllegalArgumentException when the host is blank or the port out of range
   */
  public EngineAddress {
    Objects.requireNonNull(host, "host");
    if (host.isBlank()) {
      throw new IllegalArgumentException("an engine address needs a host, not '" + host + "'");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("an engine's port must be 1-65535, not " + port);
    }
  }

  /**
   * Parses {@code host:port}; the last colon separates the port, so an IPv6 literal keeps its own.
   *
   * @throws IllegalArgumentException naming the text when it is not {@code host:port}
   */
  public static EngineAddress parse(String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new IllegalArgumentException("'" + text + "' is not host:port");
    }
    try {
      return new EngineAddress(text.substring(0, colon),
          Integer.parseInt(text.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not host:port: the port is not a "
          + "number", e);
    }
  }

  /** The socket address to connect to, resolving the host now. */
  public InetSocketAddress socketAddress() {
    return new InetSocketAddress(host, port);
  }

  /** {@code host:port}, as {@code perf.remotes} and JMeter write it. */
  @Override
  public String toString() {
    return host + ":" + port;
  }
}
