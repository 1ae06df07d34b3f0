package dev.perfsuite.history;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Child JVM of {@link HistoryAcrossProcessesIT}: appends {@code count} runs tagged {@code tag} to
 * the store in {@code directory}, as fast as it can. Never run by the build (no test include).
 */
final class HistoryAppender {
  private HistoryAppender() {
  }

  public static void main(String[] args) {
    HistoryStore store = HistoryStore.at(Path.of(args[0]));
    String tag = args[1];
    int count = Integer.parseInt(args[2]);
    for (int i = 0; i < count; i++) {
      RunIdentity identity = new RunIdentity(tag + "-" + i, Instant.EPOCH.plusSeconds(i),
          "0123456789abcdef", "local", "load", "embedded", Optional.empty(),
          RunIdentity.CATALOGUE, "closed 20 users, think 0s, 36m, 1 engine");
      store.append(Records.run(identity, "GET \"echo\", " + tag, 100, 1, 5, 6, 7, 5));
    }
  }
}
