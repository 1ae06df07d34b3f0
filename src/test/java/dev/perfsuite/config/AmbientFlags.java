package dev.perfsuite.config;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Runs code with exactly the given {@code perf.*} system properties, the JVM's own ones set aside
 * and put back afterwards: for tests that must go through {@link PerfConfig#load()} (an extension
 * under test reads this JVM) without the build's {@code -Dperf.*} flags leaking in.
 */
public final class AmbientFlags {
  private static final String PREFIX = "perf.";

  private AmbientFlags() {
  }

  /** Runs {@code body} with {@code flags} as the only {@code perf.*} system properties. */
  public static <T> T with(Map<String, String> flags, Callable<T> body) throws Exception {
    Map<String, String> saved = new HashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        saved.put(name, System.getProperty(name));
      }
    }
    saved.keySet().forEach(System::clearProperty);
    flags.forEach(System::setProperty);
    try {
      return body.call();
    } finally {
      flags.keySet().forEach(System::clearProperty);
      saved.forEach(System::setProperty);
    }
  }
}
