package dev.perfsuite.backends;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * What asking the Docker engine found. Either it answers, no engine answers (no socket, connection
 * refused), or one answers but Testcontainers' client cannot talk to it (a class path defect such
 * as an old Jackson, or a response the client cannot read). Only the first two let
 * {@code perf.backends=auto} decide; the third is a defect to fix, not a reason to fall back.
 *
 * @param state which of the three
 * @param detail where and why, for the console; empty when the engine answers
 */
public record DockerProbe(State state, String detail) {

  /** The three outcomes of a probe. */
  public enum State {
    /** Testcontainers' client pinged the engine. */
    ANSWERS,
    /** Nothing answers where the client looked. */
    ABSENT,
    /** An engine answers, but the client failed: the run must not quietly fall back. */
    BROKEN
  }

  /** An engine that answered. */
  public static DockerProbe answering() {
    return new DockerProbe(State.ANSWERS, "");
  }

  /**
   * Classifies a failed ping as a broken client or no engine. A {@link LinkageError} anywhere in
   * the causes is a broken client; any other failure is a broken client when an engine answers a
   * plain {@code GET /_ping} at the same address ({@code engineAnswersPing}, asked only then), and
   * no engine otherwise.
   *
   * @param failure what Testcontainers' ping threw
   * @param where the address the client used, such as {@code unix:///var/run/docker.sock}
   * @param engineAnswersPing a client-free probe of that address
   */
  public static DockerProbe classify(Throwable failure, String where,
      BooleanSupplier engineAnswersPing) {
    String cause = describe(failure);
    if (linkageError(failure).isPresent()) {
      return new DockerProbe(State.BROKEN, "at " + where + ": Testcontainers' Docker client is "
          + "broken on this class path: " + cause);
    }
    if (engineAnswersPing.getAsBoolean()) {
      return new DockerProbe(State.BROKEN, "at " + where + ": an engine answers GET /_ping, but "
          + "Testcontainers' Docker client fails: " + cause);
    }
    return new DockerProbe(State.ABSENT, "at " + where + ": " + cause);
  }

  /** True when containers can be started. */
  public boolean answers() {
    return state == State.ANSWERS;
  }

  private static Optional<Throwable> linkageError(Throwable failure) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < 20; depth++, t = t.getCause()) {
      if (t instanceof LinkageError) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /**
   * The innermost linkage error, or the failure itself: class and first sentence (Testcontainers'
   * "Please see logs" points at a log kept off the console).
   */
  private static String describe(Throwable failure) {
    Throwable shown = linkageError(failure).orElse(failure);
    String message = String.valueOf(shown.getMessage()).lines().findFirst().orElse("")
        .split("\\. ", 2)[0];
    return shown.getClass().getSimpleName() + ": " + message;
  }
}
