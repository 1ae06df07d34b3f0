package dev.perfsuite.engines.server;

/**
 * The token of the run this engine serves, as its controller's {@code configure} call brought it.
 *
 * <p>The engine's recorder sends it with every snapshot and JTL chunk, so that the controller
 * merges only what its own engines send ({@code SnapshotIntake}). One per engine JVM, which serves
 * one run at a time; null before the first run.
 */
final class ServedRun {
  private static volatile String token;

  private ServedRun() {
  }

  /** Records the token of the run just configured. */
  static void configured(String runToken) {
    token = runToken;
  }

  /** The token of the run configured last, null before any. */
  static String token() {
    return token;
  }
}
