package dev.perfsuite.engines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Throw-away directories the engines write beside a run (priming JTLs, data-file slices). */
public final class ScratchDirectory {
  private static final Logger LOG = LoggerFactory.getLogger(ScratchDirectory.class);

  private ScratchDirectory() {
  }

  /**
   * Deletes {@code dir} and everything in it; a failure only logs a warning naming
   * {@code what}, because a leftover scratch file must not cost a run's results.
   */
  public static void deleteQuietly(Path dir, String what) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      LOG.warn("could not delete the {} in {}", what, dir, e);
    }
  }
}
