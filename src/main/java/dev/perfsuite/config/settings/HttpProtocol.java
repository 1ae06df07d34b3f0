package dev.perfsuite.config.settings;

import java.util.Locale;

/**
 * The HTTP version the suite's client speaks ({@code perf.http.version}); {@link #HTTP_1_1} by
 * default, as JMeter.
 */
public enum HttpProtocol {
  /** HTTP/1.1 on every origin. */
  HTTP_1_1("1.1"),
  /** HTTP/2: with prior knowledge (h2c) on {@code http://}. */
  HTTP_2("2"),
  /** What the server offers: HTTP/1.1 on {@code http://}. */
  AUTO("auto");

  private final String key;

  HttpProtocol(String key) {
    this.key = key;
  }

  /** The key's value for this version: {@code 1.1}, {@code 2} or {@code auto}. */
  public String key() {
    return key;
  }

  /**
   * The version a key's value names, spaces and case aside.
   *
   * @throws IllegalArgumentException for any other value
   */
  public static HttpProtocol parse(String value) {
    String wanted = value.trim().toLowerCase(Locale.ROOT);
    for (HttpProtocol protocol : values()) {
      if (protocol.key.equals(wanted)) {
        return protocol;
      }
    }
    throw new IllegalArgumentException("not an HTTP version: " + value);
  }
}
