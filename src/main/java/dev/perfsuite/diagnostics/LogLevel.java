package dev.perfsuite.diagnostics;

/**
 * How much the suite's own diagnostics say ({@code perf.log}), from errors only to every trace
 * line; each level shows the levels before it too.
 */
public enum LogLevel {
  /** Failures only. */
  ERROR,
  /** Failures and warnings about the run. */
  WARN,
  /** The default: what the console showed before the suite logged through SLF4J. */
  INFO,
  /** Detail for a diagnosis: decisions, sizes, paths. */
  DEBUG,
  /** Everything, per request where a class says so. */
  TRACE
}
