package dev.perfsuite.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes a directory and everything in it: the suite's one recursive delete.
 *
 * <p>Two ways to fail: {@link #delete} throws, for a caller that cannot go on without the tree
 * gone (a run's directory cleaned before the run); {@link #deleteQuietly} logs a warning, for
 * leftovers that must not cost a run or a backend (scratch files, a temporary copy).
 */
public final class DirectoryTree {
  private static final Logger LOG = LoggerFactory.getLogger(DirectoryTree.class);

  private DirectoryTree() {
  }

  /**
   * Deletes {@code tree} (a directory or a file) and everything under it, deepest first; a path
   * that does not exist is nothing to do.
   *
   * @throws IOException when an entry cannot be listed or deleted; what was deleted stays deleted
   */
  public static void delete(Path tree) throws IOException {
    if (!Files.exists(tree)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(tree)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }

  /**
   * As {@link #delete}, but a failure only logs a warning naming {@code what} (e.g. "priming
   * files"); null is nothing to do.
   */
  public static void deleteQuietly(Path tree, String what) {
    if (tree == null) {
      return;
    }
    try {
      delete(tree);
    } catch (IOException | RuntimeException e) {
      LOG.warn("could not delete the {} in {}: {}", what, tree, e.toString());
    }
  }
}
