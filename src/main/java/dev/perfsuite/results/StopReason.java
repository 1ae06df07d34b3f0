package dev.perfsuite.results;

import java.time.Instant;
import java.util.Objects;

/**
 * Why a run ended before its load profile did: what stopped it, in words a reader acts on, and
 * when.
 *
 * @param kind what kind of stop it was; verdicts and reports branch on this, never on text
 * @param message the cause as a reader needs it, without a prefix ("error rate above 50 % for
 *     3 s", "engine 10.0.0.7:1099 failed: ..."); never blank
 * @param at when the run was stopped (wall clock)
 */
public record StopReason(Kind kind, String message, Instant at) {

  /** What ended a run early. */
  public enum Kind {
    /** A stop rule of the run fired: an error-rate or latency abort, a stop request. */
    RULE,
    /** An engine failed or refused the test. */
    ENGINE,
    /** The run overran its planned duration and the watchdog stopped it. */
    WATCHDOG,
    /** The thread running the test was interrupted. */
    INTERRUPTED,
    /** The JVM received SIGINT or SIGTERM. */
    SIGNAL,
    /** The profile ran to its end but the engines delivered less than the plan asked. */
    SHORTFALL
  }

  /** Rejects a missing kind or time and a blank message. */
  public StopReason {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(at, "at");
    if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("a stop reason needs a message");
    }
  }

  /** A stop rule fired now. */
  public static StopReason rule(String message) {
    return new StopReason(Kind.RULE, message, Instant.now());
  }

  /** An engine failed now. */
  public static StopReason engine(String message) {
    return new StopReason(Kind.ENGINE, message, Instant.now());
  }

  /** The watchdog stopped a run that overran its plan by more than {@code graceSeconds}. */
  public static StopReason watchdog(long graceSeconds) {
    return new StopReason(Kind.WATCHDOG, "run overran its planned duration by more than "
        + graceSeconds + " s and was stopped by the watchdog", Instant.now());
  }

  /** The run's thread was interrupted now. */
  public static StopReason interrupted() {
    return new StopReason(Kind.INTERRUPTED, "run interrupted before the end of its profile",
        Instant.now());
  }

  /** SIGINT or SIGTERM arrived now. */
  public static StopReason signal() {
    return new StopReason(Kind.SIGNAL, "run interrupted by a signal (SIGINT or SIGTERM) before "
        + "the end of its profile", Instant.now());
  }

  /** The engines delivered less than the plan; {@code message} says how much less. */
  public static StopReason shortfall(String message) {
    return new StopReason(Kind.SHORTFALL, message, Instant.now());
  }

  /** The line the run's warnings show for this stop. */
  public String warning() {
    return kind == Kind.RULE || kind == Kind.ENGINE ? "run stopped: " + message : message;
  }
}
