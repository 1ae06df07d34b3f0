package dev.perfsuite.engines;

import java.io.IOException;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * JMeter's home directory and properties, prepared by one caller at a time in the JVM.
 *
 * <p>The DSL's {@link JmeterEnvironment} opens its own jar as a zip file system to copy JMeter's
 * configuration out of it. Two at once in one JVM (two sessions' runs, a run beside a dashboard)
 * fail with {@code FileSystemAlreadyExistsException}; the second waits here instead, a few
 * milliseconds.
 */
public final class JmeterHome {
  private static final Object PREPARING = new Object();

  private JmeterHome() {
  }

  /** A fresh JMeter environment, as {@code new JmeterEnvironment()} gives, never two at once. */
  public static JmeterEnvironment prepare() throws IOException {
    synchronized (PREPARING) {
      return new JmeterEnvironment();
    }
  }
}
