package dev.perfsuite.history;

import java.util.Locale;

/**
 * One metric of one label, baseline against current run.
 *
 * @param label sampler label, or {@code TOTAL}
 * @param metric what was compared
 * @param baseline the baseline run's whole-phase value, NaN when the label is new
 * @param current this run's whole-phase value
 * @param changePercent relative change in the worse direction, in percent (negative: better);
 *     infinite when the baseline was 0 and the value got worse
 * @param pValue one-sided Mann-Whitney U p-value of the per-window values moving in the observed
 *     direction, NaN when not tested
 * @param baselineWindows measurement windows of the baseline that the test ranked
 * @param currentWindows measurement windows of this run that the test ranked
 * @param spread run-to-run median and 3 sigma of the previous runs, {@code -} with fewer than 3
 * @param status the verdict for this metric
 * @param note why, when the status needs explaining (too few windows, new label)
 */
public record MetricComparison(String label, RegressionMetric metric, double baseline,
    double current, double changePercent, double pValue, int baselineWindows, int currentWindows,
    String spread, Status status, String note) {

  /** The verdict for one metric. */
  public enum Status {
    /** Worse beyond the tolerance, and beyond run-to-run noise. */
    REGRESSION,
    /** Better beyond the tolerance, and beyond run-to-run noise. */
    IMPROVEMENT,
    /**
     * Moved beyond the tolerance, but not beyond noise: the windows overlap, or the value lies
     * within the run-to-run spread of the previous runs.
     */
    NOISE,
    /** Within the tolerance. */
    OK,
    /** Could not be judged: new or vanished label, or too few windows for the test. */
    INCONCLUSIVE
  }

  /** The change as tables show it, e.g. {@code +42.0 % worse}. */
  public String change() {
    if (Double.isNaN(changePercent)) {
      return "-";
    }
    if (Double.isInfinite(changePercent)) {
      return "from 0, worse";
    }
    if (changePercent == 0) {
      return "0 %";
    }
    return String.format(Locale.ROOT, "%.1f %% %s", Math.abs(changePercent),
        changePercent > 0 ? "worse" : "better");
  }

  /** The noise test as tables show it, e.g. {@code p=0.0004 (8 vs 8 windows)}. */
  public String test() {
    if (Double.isNaN(pValue)) {
      return "-";
    }
    return String.format(Locale.ROOT, "p=%.4f (%d vs %d windows)", pValue, baselineWindows,
        currentWindows);
  }
}
