package dev.perfsuite.config.settings;

/** Which JMeter engine runs a plan ({@code perf.engine}). */
public enum EngineKind {
  /** JMeter inside the test JVM. */
  EMBEDDED,
  /** JMeter remote engines ({@code perf.remotes}) driven from the test JVM over RMI. */
  DISTRIBUTED
}
