package dev.perfsuite.diagnostics;

import java.util.Arrays;

/**
 * The last lines of a process's or container's output, the part an error message quotes.
 *
 * <p>Masking secrets is the caller's part: the tail is returned as found.
 */
public final class OutputTail {
  /** Lines quoted when a caller does not say: enough for a stack trace's top. */
  public static final int DEFAULT_LINES = 20;

  private OutputTail() {
  }

  /**
   * The last {@code lines} lines of {@code output}.
   *
   * @param output the whole output; {@code null} or blank reads as {@code "(output empty)"}
   * @param lines how many lines to keep, at least one
   * @return the kept lines joined by {@code \n}
   */
  public static String last(String output, int lines) {
    if (output == null || output.isBlank()) {
      return "(output empty)";
    }
    String[] all = output.split("\r?\n");
    int from = Math.max(0, all.length - Math.max(1, lines));
    return String.join("\n", Arrays.copyOfRange(all, from, all.length));
  }
}
