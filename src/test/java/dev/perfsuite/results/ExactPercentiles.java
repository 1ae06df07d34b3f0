package dev.perfsuite.results;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/** Ground truth for the statistics tests: textbook nearest-rank over the raw, sorted samples. */
final class ExactPercentiles {
  private final long[] sorted;

  ExactPercentiles(long[] samples) {
    this.sorted = samples.clone();
    Arrays.sort(sorted);
  }

  /** The smallest value with at least p % of the samples at or below it (nearest rank). */
  long at(double percentile) {
    // Exact decimal arithmetic: 99.9 / 100 * 1000 is 999.0000000000001 in doubles, rank 1000.
    int rank = new BigDecimal(Double.toString(percentile))
        .multiply(BigDecimal.valueOf(sorted.length))
        .divide(BigDecimal.valueOf(100), 0, RoundingMode.CEILING)
        .intValueExact();
    return sorted[Math.max(1, rank) - 1];
  }

  double mean() {
    return Arrays.stream(sorted).average().orElseThrow();
  }

  double populationStdDev() {
    double mean = mean();
    return Math.sqrt(Arrays.stream(sorted).mapToDouble(v -> (v - mean) * (v - mean)).sum()
        / sorted.length);
  }
}
