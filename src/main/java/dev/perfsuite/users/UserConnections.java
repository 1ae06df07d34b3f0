package dev.perfsuite.users;

import java.util.Locale;

/**
 * How users hold their HTTP connections ({@code perf.users.connections}).
 *
 * <p>Trap: with {@link #PER_USER} every user holds one open socket for the whole run, so a
 * generator's open-files limit caps its users (20,000 on the machines here). Users who think
 * longer than the server's keep-alive timeout (often 5 to 75 s) reconnect for every request
 * anyway; {@link #PER_REQUEST} models them and holds a socket only while a request is in flight.
 * {@link #SHARED} holds at most a fixed number whatever the users, on the suite's client only.
 */
public enum UserConnections {
  /** One connection per user, reused across requests (JMeter's default; alias keep-alive). */
  PER_USER,
  /**
   * A new connection for every request, closed after it ({@code Connection: close}).
   *
   * <p>Applies to the suite's own plans; a JMX plan's samplers keep their own "Use KeepAlive".
   */
  PER_REQUEST,
  /**
   * One bounded pool of keep-alive connections shared by all users of a generator.
   *
   * <p>Sized by {@code perf.users.connections.max}; a request waits for a free connection. The
   * suite's HTTP client only.
   */
  SHARED;

  /**
   * The mode named {@code text}: per-user, per-request, shared, or keep-alive (an alias of
   * per-user).
   *
   * @throws IllegalArgumentException for any other text
   */
  public static UserConnections parse(String text) {
    String name = text.trim().toLowerCase(Locale.ROOT);
    return "keep-alive".equals(name) ? PER_USER
        : valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
