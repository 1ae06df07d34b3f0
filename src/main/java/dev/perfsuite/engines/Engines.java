package dev.perfsuite.engines;

import dev.perfsuite.config.PerfConfig;

/** Entry points for the engines that run {@link LoadPlan}s. */
public final class Engines {

  private Engines() {
  }

  /** The engine chosen by {@code perf.engine}. */
  public static LoadEngine fromConfig(PerfConfig config) {
    return switch (config.engine()) {
      case EMBEDDED -> embedded(config);
    };
  }

  /** JMeter inside this JVM, with timeouts and results directory from {@code config}. */
  public static LoadEngine embedded(PerfConfig config) {
    return new EmbeddedEngine(config.resultsDir(), config.connectTimeout(),
        config.responseTimeout());
  }
}
