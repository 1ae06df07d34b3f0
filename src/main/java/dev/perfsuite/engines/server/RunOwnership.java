package dev.perfsuite.engines.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.function.BooleanSupplier;

/**
 * Which run an engine serves: the token of the run configured last, which every later call on
 * that run must carry.
 *
 * <p>A run is claimed when the engine is idle; while its test is active no other token can claim
 * the engine or act on the run. Tokens are compared in constant time.
 */
final class RunOwnership {
  /** Why a call without the run's token is refused, and what to do. */
  static final String WRONG_TOKEN = "the call does not carry the token of the run this engine "
      + "serves (another controller's call, or a plain JMeter client's). Fix: stop or change a "
      + "run from the perf-suite controller that started it, or wait for the run to end; the "
      + "engine then takes the next run from any perf-suite controller";

  private byte[] owner;

  /**
   * Makes {@code token}'s run the engine's, unless {@code active} says a run is still going.
   *
   * @throws IllegalStateException while a run is active (JMeter's "busy" refusal)
   */
  synchronized void claim(String token, BooleanSupplier active) {
    requireToken(token);
    if (active.getAsBoolean()) {
      throw new IllegalStateException("Engine is busy - please try later: it runs another "
          + "controller's test");
    }
    owner = token.getBytes(StandardCharsets.UTF_8);
  }

  /** True when {@code token} is the token of the run claimed last. */
  synchronized boolean holds(String token) {
    return owner != null && token != null
        && MessageDigest.isEqual(owner, token.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Lets an upload call through while the engine is idle, and while a run holds it with that
   * run's token only. So a stranger cannot replace the files or plugins a running test reads.
   *
   * @throws IllegalStateException naming the call, without a token or with another run's token
   *     while {@code active}
   */
  synchronized void admitUpload(String token, BooleanSupplier active, String call) {
    requireToken(token);
    if (active.getAsBoolean() && !holds(token)) {
      throw new IllegalStateException("remote engine refused " + call + " while it runs a test: "
          + WRONG_TOKEN);
    }
  }

  /** True once a run has been claimed (by any token). */
  synchronized boolean claimed() {
    return owner != null;
  }

  /**
   * Lets {@code call} through only with the token of the run claimed last.
   *
   * @throws IllegalStateException naming the call, for any other token or before any claim
   */
  synchronized void require(String token, String call) {
    requireToken(token);
    if (owner == null
        || !MessageDigest.isEqual(owner, token.getBytes(StandardCharsets.UTF_8))) {
      throw new IllegalStateException("remote engine refused " + call + ": " + WRONG_TOKEN);
    }
  }

  private static void requireToken(String token) {
    if (token == null || token.isBlank()) {
      throw new IllegalStateException("remote engine refused a call without a run token: "
          + WRONG_TOKEN);
    }
  }
}
