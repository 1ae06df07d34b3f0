package dev.perfsuite.engines;

import dev.perfsuite.config.PerfConfig;
import java.util.List;

/** Entry points for the engines that run {@link LoadPlan}s. */
public final class Engines {

  private Engines() {
  }

  /** The engine chosen by {@code perf.engine}. */
  public static LoadEngine fromConfig(PerfConfig config) {
    return fromConfig(config, List.of());
  }

  /** The engine chosen by {@code perf.engine}, with watchers that see every run live. */
  public static LoadEngine fromConfig(PerfConfig config, List<RunWatcher> watchers) {
    return switch (config.engine()) {
      case EMBEDDED -> new EmbeddedEngine(config.resultsDir(), config.connectTimeout(),
          config.responseTimeout(), watchers);
      // Replaced by the distributed engine (issue 6); until then the key fails before load.
      case DISTRIBUTED -> throw new UnsupportedOperationException(
          "perf.engine=distributed is not available yet. Fix: -Dperf.engine=embedded");
    };
  }

  /** JMeter inside this JVM, with timeouts and results directory from {@code config}. */
  public static LoadEngine embedded(PerfConfig config) {
    return embedded(config.resultsDir(), config.connectTimeout(), config.responseTimeout());
  }

  /**
   * JMeter inside this JVM writing under {@code resultsDir}, with explicit HTTP timeouts.
   *
   * @param connectTimeout how long a connect may take before the sample fails as TIMEOUT
   * @param responseTimeout how long a response may take before the sample fails as TIMEOUT
   */
  public static LoadEngine embedded(java.nio.file.Path resultsDir, java.time.Duration connectTimeout,
      java.time.Duration responseTimeout) {
    return embedded(resultsDir, connectTimeout, responseTimeout, List.of());
  }

  /** As {@link #embedded(java.nio.file.Path, java.time.Duration, java.time.Duration)}, watched. */
  public static LoadEngine embedded(java.nio.file.Path resultsDir,
      java.time.Duration connectTimeout, java.time.Duration responseTimeout,
      List<RunWatcher> watchers) {
    return new EmbeddedEngine(resultsDir, connectTimeout, responseTimeout, watchers);
  }
}
