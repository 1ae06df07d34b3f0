package dev.perfsuite.diagnostics;

/** One-line descriptions of a failure's cause chain, for error messages that name the fix. */
public final class Causes {
  private Causes() {
  }

  /**
   * The failure's own message, followed by its innermost cause where one exists.
   *
   * <p>Testcontainers, RMI and HTTP clients put the useful part (connection refused, file not
   * found) in the innermost cause and wrap it in generic messages. A cycle in the cause chain
   * stops the walk.
   *
   * @param failure the failure to describe
   * @return e.g. {@code "cannot reach engine (cause: ConnectException: Connection refused)"}
   */
  public static String rootMessage(Throwable failure) {
    Throwable root = root(failure);
    String own = failure.getMessage() == null ? failure.getClass().getSimpleName()
        : failure.getMessage();
    return root == failure ? own
        : own + " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
  }

  /**
   * The innermost cause of {@code failure}, or {@code failure} itself when it has none.
   *
   * @param failure the failure to walk
   * @return the last throwable of the cause chain
   */
  public static Throwable root(Throwable failure) {
    Throwable root = failure;
    int depth = 0;
    while (root.getCause() != null && root.getCause() != root && depth++ < 64) {
      root = root.getCause();
    }
    return root;
  }
}
