package dev.perfsuite.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Run history and regression verdicts across runs.
 *
 * @param directory where history records are appended; outside {@code target/} by default
 * @param regression what a regression does
 * @param tolerancePercent how far p95, p99, error % or throughput may move, in percent
 * @param baseline a pinned baseline file instead of the previous run, when set
 * @param trendRuns how many past runs the trend charts show
 */
public record HistorySettings(Path directory, RegressionMode regression, double tolerancePercent,
    Optional<Path> baseline, int trendRuns) {

  /** Defaults as documented in {@link ConfigKey}. */
  public static HistorySettings defaults() {
    return new HistorySettings(Path.of(".perf-history"), RegressionMode.WARN, 10, Optional.empty(),
        20);
  }
}
