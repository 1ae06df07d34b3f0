package dev.perfsuite.backends;

import java.time.Duration;

/** How backend startup timeouts read in messages and reach Testcontainers. */
public final class Startup {
  private Startup() {
  }

  /** The timeout as configured, plus what Testcontainers really waited when that differs. */
  public static String describe(Duration timeout) {
    Duration waited = wholeSeconds(timeout);
    return timeout + " (perf.backends.startup-timeout" + (waited.equals(timeout) ? ")"
        : "; Testcontainers waits whole seconds: " + waited.toSeconds() + " s)");
  }

  /**
   * {@code timeout} rounded up to whole seconds, at least one: Testcontainers' wait strategies
   * count whole seconds and reject a timeout that truncates to zero.
   */
  public static Duration wholeSeconds(Duration timeout) {
    long seconds = timeout.getSeconds() + (timeout.getNano() > 0 ? 1 : 0);
    return Duration.ofSeconds(Math.max(1, seconds));
  }

  /** Time since {@code startedNanos}, a {@link System#nanoTime()} reading. */
  public static Duration since(long startedNanos) {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }
}
