package dev.perfsuite.config;

import java.nio.file.Path;

/**
 * Where a run's files go when the user did not say: the controller program's results folder.
 * Set as system properties before its launcher starts, so the session's {@link PerfConfig} reads
 * them as if given with {@code -D}.
 */
public final class OutputDefaults {
  private OutputDefaults() {
  }

  /**
   * Points the results and history directories under {@code results} unless set elsewhere.
   * {@code perf.results-dir} becomes {@code results/perf-results} unless it is set as a system
   * property, and {@code perf.history.dir} becomes {@code results/history} unless it is set as a
   * system property or {@code PERF_HISTORY_DIR}.
   */
  public static void under(Path results) {
    setUnlessGiven(ConfigKey.RESULTS_DIR.key(), results.resolve("perf-results").toString());
    history(results.resolve("history"));
  }

  /**
   * Points {@code perf.history.dir} at {@code directory} unless it is set as a system property
   * or {@code PERF_HISTORY_DIR}: a program's runs keep out of the developer's own history.
   */
  public static void history(Path directory) {
    if (System.getenv(ConfigKey.envName(ConfigKey.HISTORY_DIR.key())) == null) {
      setUnlessGiven(ConfigKey.HISTORY_DIR.key(), directory.toString());
    }
  }

  private static void setUnlessGiven(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }
}
