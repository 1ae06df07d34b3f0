package dev.perfsuite.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names of the files a run leaves in its directory ({@code <perf.results-dir>/<scenario>/}). They
 * are declared once for the engines and reports that write them and the history that reads them.
 */
public final class ResultDirectory {
  /** The JTL of every sample, written while the run lasts. */
  public static final String JTL = "results.jtl";
  /** The JTL gzip-compressed, instead of {@link #JTL}, with {@code perf.jtl.compress=true}. */
  public static final String JTL_GZ = "results.jtl.gz";
  /** The CSV summary, one row per label and phase. */
  public static final String SUMMARY_CSV = "summary.csv";
  /** The Markdown summary with warnings and the per-engine breakdown. */
  public static final String SUMMARY_MD = "summary.md";
  /** The run facts: phase origin, warm-up, users, think time, interruption, warnings. */
  public static final String RUN_PROPERTIES = "run.properties";

  /** The lock files this JVM holds. */
  private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

  private ResultDirectory() {
  }

  /**
   * Takes the run directory of {@code scenario} under {@code resultsDir} for one run. A second run
   * of that scenario on that results directory, from another process or this JVM, is refused
   * with a named cause instead of deleting the first run's live files. The lock is the file
   * {@code .<scenario>.lock} beside the run directory (a run clears its own directory); it is
   * released when the run ends, or by the OS when its process dies.
   *
   * @throws IllegalStateException naming the directory, who holds it and the fix
   */
  public static Lock lock(Path resultsDir, String scenario) {
    Path file = resultsDir.resolve("." + scenario + ".lock").toAbsolutePath().normalize();
    // Checked before any channel opens: on Linux, closing a second channel on the file would
    // release the first run's lock too.
    if (!HELD.add(file)) {
      throw refused(resultsDir, scenario, "another run in this JVM", file);
    }
    FileChannel channel = null;
    try {
      Files.createDirectories(resultsDir);
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock = channel.tryLock();
      if (lock != null) {
        return new Lock(file, channel, lock);
      }
      throw refused(resultsDir, scenario, "another process", file);
    } catch (IOException e) {
      if (channel != null) {
        close(channel);
      }
      HELD.remove(file);
      throw new UncheckedIOException("cannot lock the run directory of " + scenario + " in "
          + resultsDir + " (" + file + ")", e);
    } catch (RuntimeException e) {
      if (channel != null) {
        close(channel);
      }
      HELD.remove(file);
      throw e;
    }
  }

  private static IllegalStateException refused(Path resultsDir, String scenario, String holder,
      Path file) {
    return new IllegalStateException("refused before load: " + resultsDir.resolve(scenario)
        + " is in use by " + holder + " running " + scenario + " (perf.results-dir=" + resultsDir
        + ", lock " + file + "); a second run would delete its live files. Fix: give each run "
        + "its own -Dperf.results-dir, or wait for the other run to end");
  }

  private static void close(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // Nothing was locked through it.
    }
  }

  /** A run directory taken by one run; {@link #close} gives it back. */
  public static final class Lock implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private Lock(Path file, FileChannel channel, FileLock lock) {
      this.file = file;
      this.channel = channel;
      this.lock = lock;
    }

    /** Releases the run directory. */
    @Override
    public void close() {
      try {
        lock.release();
      } catch (IOException ignored) {
        // The channel's close below releases it as well.
      }
      ResultDirectory.close(channel);
      HELD.remove(file);
    }
  }

  /** The JTL of a run directory: {@link #JTL}, or {@link #JTL_GZ} when only that one is there. */
  public static Path jtl(Path runDirectory) {
    Path plain = runDirectory.resolve(JTL);
    Path gzip = runDirectory.resolve(JTL_GZ);
    return !Files.exists(plain) && Files.exists(gzip) ? gzip : plain;
  }
}
