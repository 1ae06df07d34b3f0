package dev.perfsuite.engines.server;

import dev.perfsuite.files.DirectoryTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the data files an engine has not been asked for in a while. A long-lived engine's data
 * directory then does not grow with every plan it ever ran. A data set's directory
 * ({@code <hash>[-of<engines>]}) counts as used when the controller last checked it
 * ({@link EngineDataStore#holds} touches it) or uploaded it; unfinished uploads in
 * {@code .incoming} left by a killed controller go by the same age.
 *
 * <p>Runs at engine start. Age: {@code -D}{@value #MAX_AGE_OPTION} on the engine's JVM, in days,
 * default {@value #DEFAULT_DAYS}; 0 keeps everything.
 */
final class EngineDataPruning {
  private static final Logger LOG = LoggerFactory.getLogger(EngineDataPruning.class);
  /** System property of the engine's JVM: days a data set is kept unused; 0 for ever. */
  static final String MAX_AGE_OPTION = "perfsuite.engine.data-max-days";
  static final int DEFAULT_DAYS = 7;
  private static final Pattern DATA_SET = Pattern.compile("[0-9a-f]{16}(-of[0-9]{1,4})?");

  private EngineDataPruning() {
  }

  /** The age configured on this JVM; zero keeps everything. */
  static Duration maxAge() {
    String days = System.getProperty(MAX_AGE_OPTION, String.valueOf(DEFAULT_DAYS)).trim();
    try {
      int value = Integer.parseInt(days);
      if (value < 0) {
        throw new NumberFormatException();
      }
      return Duration.ofDays(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-D" + MAX_AGE_OPTION + "=" + days + " is not a whole "
          + "number of days, 0 or more. Fix: e.g. -D" + MAX_AGE_OPTION + "=7 (0 keeps all)");
    }
  }

  /** Prunes {@code root} as an engine starts, saying what went. */
  static void pruneAtStart(Path root) {
    List<Path> pruned = prune(root, maxAge(), Instant.now());
    if (!pruned.isEmpty()) {
      LOG.info("perf-suite engine: pruned {} data set(s) unused for {} days from {} (-D{})",
          pruned.size(), maxAge().toDays(), root, MAX_AGE_OPTION);
    }
  }

  /**
   * Deletes data sets of {@code root} unused for longer than {@code maxAge} at {@code now}, and
   * stale partial uploads.
   *
   * @return the directories and files deleted
   */
  static List<Path> prune(Path root, Duration maxAge, Instant now) {
    List<Path> deleted = new ArrayList<>();
    if (maxAge.isZero() || !Files.isDirectory(root)) {
      return deleted;
    }
    FileTime cutoff = FileTime.from(now.minus(maxAge));
    try (Stream<Path> entries = Files.list(root)) {
      for (Path entry : entries.toList()) {
        String name = entry.getFileName().toString();
        if (DATA_SET.matcher(name).matches() && Files.isDirectory(entry)
            && Files.getLastModifiedTime(entry).compareTo(cutoff) < 0) {
          DirectoryTree.delete(entry);
          deleted.add(entry);
        }
      }
      Path incoming = root.resolve(".incoming");
      if (Files.isDirectory(incoming)) {
        try (Stream<Path> parts = Files.list(incoming)) {
          for (Path part : parts.toList()) {
            if (Files.getLastModifiedTime(part).compareTo(cutoff) < 0) {
              Files.deleteIfExists(part);
              deleted.add(part);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prune the engine data directory " + root, e);
    }
    return deleted;
  }

  /** Marks the data set holding {@code file} as used now. */
  static void touch(Path root, Path file) {
    Path dataSet = root.relativize(file).getName(0);
    try {
      Files.setLastModifiedTime(root.resolve(dataSet), FileTime.from(Instant.now()));
    } catch (IOException e) {
      // Pruning is housekeeping: a data set not marked may be uploaded again, nothing worse.
    }
  }
}
