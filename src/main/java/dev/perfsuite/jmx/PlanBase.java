package dev.perfsuite.jmx;

import java.io.File;
import java.nio.file.Path;
import org.apache.jmeter.services.FileServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter's base directory for relative file names, set to a plan's folder while it loads and runs.
 * {@code jmeter -n -t plan.jmx} sets it so before the test starts.
 *
 * <p>FileServer is one per JVM: the previous base comes back on close, so a later plan (or a Java
 * scenario) resolves its files where it did before. Paths built at run time
 * ({@code ${__P(data_directory,./data)}/x.csv}, a UDV calling {@code FileServer.getBaseDir()})
 * resolve against it; a relative path that exists from the working directory still wins, as in
 * JMeter.
 */
final class PlanBase implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PlanBase.class);
  private final String previous;

  private PlanBase(String previous) {
    this.previous = previous;
  }

  /** Sets JMeter's base directory to {@code directory} until {@link #close()}. */
  static PlanBase of(Path directory) {
    FileServer files = FileServer.getFileServer();
    String previous = files.getBaseDir();
    set(directory.toAbsolutePath().normalize().toFile());
    return new PlanBase(previous);
  }

  /** JMeter's current base directory. */
  static Path current() {
    return Path.of(FileServer.getFileServer().getBaseDir());
  }

  @Override
  public void close() {
    set(new File(previous));
  }

  private static void set(File directory) {
    FileServer files = FileServer.getFileServer();
    if (files.getBaseDir().equals(directory.getPath())) {
      return;
    }
    try {
      files.setBase(directory);
    } catch (IllegalStateException e) {
      // Files of another run still open (CSV readers close at test end): closing them would
      // cut that run short, so FileServer keeps its base.
      LOG.warn("JMeter's base directory stays {} (files still open), not {}",
          files.getBaseDir(), directory);
    }
  }
}
