package dev.perfsuite.history;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How much a metric varies from run to run on one target and profile, from the history's previous
 * runs. It is their median and a robust standard deviation (1.4826 x the median absolute deviation,
 * which one outlier run cannot inflate).
 *
 * <p>The per-window test only sees noise <em>within</em> a run; a shared CI agent also shifts
 * whole runs (another job on the same cores). A change must also lie more than
 * {@value #SIGMAS} robust standard deviations beyond the median of the previous runs, so a noisy
 * agent makes the verdict less sensitive instead of raising false alarms.
 *
 * @param runs how many previous runs the spread comes from
 * @param median their median value
 * @param sigma 1.4826 x their median absolute deviation
 */
record RunToRunSpread(int runs, double median, double sigma) {
  /** Previous runs needed before the spread is used. */
  static final int MIN_RUNS = 3;
  /** How many robust standard deviations a change must exceed. */
  static final double SIGMAS = 3;

  /** The spread of {@code values}, empty with fewer than {@value #MIN_RUNS}. */
  static Optional<RunToRunSpread> of(List<Double> values) {
    if (values.size() < MIN_RUNS) {
      return Optional.empty();
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double median = median(sorted);
    double[] deviations = Arrays.stream(sorted).map(v -> Math.abs(v - median)).sorted().toArray();
    return Optional.of(new RunToRunSpread(sorted.length, median, 1.4826 * median(deviations)));
  }

  /** True when {@code value} is worse than the median by more than {@value #SIGMAS} sigma. */
  boolean exceededBy(double value, RegressionMetric metric) {
    double worseBy = metric.higherIsWorse() ? value - median : median - value;
    return worseBy > SIGMAS * sigma;
  }

  /** As tables show it, e.g. {@code 571.0 req/s ± 210.3 (3σ, 5 runs)}. */
  String describe(RegressionMetric metric) {
    return String.format(Locale.ROOT, "%s ± %s (%d runs)", metric.format(median),
        metric.format(SIGMAS * sigma).replaceAll(" .*", ""), runs);
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
