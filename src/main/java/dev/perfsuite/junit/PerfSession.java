package dev.perfsuite.junit;

import dev.perfsuite.backends.Backends;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.results.RunResult;

/**
 * What a scenario test gets from the suite: the validated configuration, the local backends and
 * the engine; one per test run, shared by every test class.
 */
public final class PerfSession implements AutoCloseable {
  private final PerfConfig config;
  private final Backends backends;
  private final LoadEngine engine;
  private boolean closed;

  PerfSession(PerfConfig config) {
    this.config = config;
    this.backends = Backends.forConfig(config);
    this.engine = Engines.fromConfig(config);
  }

  /** The configuration, validated before any load. */
  public PerfConfig config() {
    return config;
  }

  /** Local backends, started on first use. */
  public Backends backends() {
    return backends;
  }

  /** Runs a plan on the configured engine. */
  public RunResult run(LoadPlan plan) {
    return engine.run(plan);
  }

  /** Stops the backends; called by JUnit when the run ends. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      backends.close();
    }
  }
}
