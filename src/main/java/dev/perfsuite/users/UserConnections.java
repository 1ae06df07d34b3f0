package dev.perfsuite.users;

/**
 * How each user holds its HTTP connections ({@code perf.users.connections}).
 *
 * <p>Trap: with {@link #KEEP_ALIVE} every user holds one open socket for the whole run, so a
 * generator's open-files limit caps its users (20,000 on the machines here). Users who think
 * longer than the server's keep-alive timeout (often 5 to 75 s) reconnect for every request
 * anyway; {@link #PER_REQUEST} models them and holds a socket only while a request is in flight.
 */
public enum UserConnections {
  /** One connection per user, reused across requests (JMeter's default). */
  KEEP_ALIVE,
  /**
   * A new connection for every request, closed after it ({@code Connection: close}); applies to
   * the suite's own plans, a JMX plan's samplers keep their own "Use KeepAlive".
   */
  PER_REQUEST
}
