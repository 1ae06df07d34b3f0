package dev.perfsuite.engines.remote;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * The secret of one distributed run, carried by each of its calls to an engine.
 *
 * <p>No other client can act on the run without it (the engine's {@code RunControl}).
 *
 * <p>128 random bits per run; {@link #toString()} never shows the value.
 */
record RunToken(String value) {
  private static final SecureRandom RANDOM = new SecureRandom();

  /** A new token for a new run. */
  static RunToken fresh() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return new RunToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
  }

  @Override
  public String toString() {
    return "RunToken[****]";
  }
}
