package dev.perfsuite.engines.server;

/** Who may change an engine's data files now: its run ownership ({@link RunOwnership}). */
@FunctionalInterface
interface UploadGate {
  /**
   * Returns when {@code token} may make {@code call} now.
   *
   * @throws IllegalStateException naming the call and the fix otherwise
   */
  void admit(String token, String call);
}
