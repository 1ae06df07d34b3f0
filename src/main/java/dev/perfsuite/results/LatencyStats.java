package dev.perfsuite.results;

/**
 * Response-time distribution of one label in one phase, in milliseconds.
 *
 * <p>Min, max, mean and standard deviation are exact (running sums); percentiles are nearest-rank
 * values from an HdrHistogram with 3 significant digits, so they are exact below 2048 ms and within
 * 0.1 % above. All fields are -1 when there were no samples.
 */
public record LatencyStats(
    long min, long max, double mean, double stdDev,
    long p50, long p75, long p90, long p95, long p98, long p99, long p999) {

  /** The statistics of an empty sample set: every field -1, as the WSO2 jtl-splitter reports it. */
  public static LatencyStats empty() {
    return new LatencyStats(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  }

  /**
   * The nearest-rank percentile for one of the reported levels.
   *
   * @param percentile one of 50, 75, 90, 95, 98, 99, 99.9
   * @return the value in ms
   * @throws IllegalArgumentException for a level that is not reported
   */
  public long percentile(double percentile) {
    if (percentile == 50) {
      return p50;
    } else if (percentile == 75) {
      return p75;
    } else if (percentile == 90) {
      return p90;
    } else if (percentile == 95) {
      return p95;
    } else if (percentile == 98) {
      return p98;
    } else if (percentile == 99) {
      return p99;
    } else if (percentile == 99.9) {
      return p999;
    }
    throw new IllegalArgumentException("percentile " + percentile
        + " is not reported; use one of 50, 75, 90, 95, 98, 99, 99.9");
  }
}
