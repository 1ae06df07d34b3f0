package dev.perfsuite.config.settings;

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
 * @param anySelection true to compare with baselines of any selection of scenario classes
 *     ({@code perf.baseline.selection=any}); false compares a class run alone only with runs of
 *     that class alone, and catalogue runs only with catalogue runs
 */
public record HistorySettings(Path directory, RegressionMode regression, double tolerancePercent,
    Optional<Path> baseline, int trendRuns, boolean anySelection) {

  /** Settings comparing only runs of the same selection. */
  public HistorySettings(Path directory, RegressionMode regression, double tolerancePercent,
      Optional<Path> baseline, int trendRuns) {
    this(directory, regression, tolerancePercent, baseline, trendRuns, false);
  }

  /** Defaults as documented in the keys' reference. */
  public static HistorySettings defaults() {
    return new HistorySettings(Path.of(".perf-history"), RegressionMode.WARN, 10, Optional.empty(),
        20);
  }
}
