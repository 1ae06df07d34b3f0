package dev.perfsuite.backends;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * The last lines a container wrote, collected while it runs. Testcontainers removes a container
 * that fails to start, and its logs with it, before the caller can read them.
 */
public final class ContainerLog implements Consumer<OutputFrame> {
  private static final int KEEP = 200;
  private final Deque<String> lines = new ArrayDeque<>();
  private final StringBuilder partial = new StringBuilder();

  @Override
  public synchronized void accept(OutputFrame frame) {
    String text = frame.getUtf8String();
    if (text == null) {
      return;
    }
    partial.append(text);
    int newline;
    while ((newline = partial.indexOf("\n")) >= 0) {
      lines.addLast(partial.substring(0, newline));
      partial.delete(0, newline + 1);
      if (lines.size() > KEEP) {
        lines.removeFirst();
      }
    }
  }

  /** The last {@value BackendLogs#TAIL_LINES} lines, masked. */
  public synchronized String tail() {
    StringBuilder all = new StringBuilder(String.join("\n", lines));
    if (partial.length() > 0) {
      all.append('\n').append(partial);
    }
    return BackendLogs.tail(all.toString());
  }
}
