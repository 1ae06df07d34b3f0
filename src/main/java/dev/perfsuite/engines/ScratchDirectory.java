package dev.perfsuite.engines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Throw-away directories the engines write beside a run (priming JTLs, data-file slices). */
public final class ScratchDirectory {
  private ScratchDirectory() {
  }

  /**
   * Deletes {@code dir} and everything in it; a failure only prints a warning naming
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
      System.out.println("WARNING: could not delete the " + what + " in " + dir + ": " + e);
    }
  }
}
