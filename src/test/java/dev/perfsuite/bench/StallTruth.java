package dev.perfsuite.bench;

import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import java.util.Arrays;

/**
 * What users would see from a server that freezes on a wall-clock schedule, for arrivals spread
 * evenly over a window: each arrival waits {@link EchoStall#holdMillis} extra, then the server's
 * delay. A model of the server, not a measurement; the bench's yardstick.
 *
 * <p>Over a whole number of periods the window's alignment does not matter and the figures are
 * the closed form of {@link #steady}; over any other window {@link #over} integrates the real
 * window on a 1 ms grid (nearest rank, as the tools report percentiles).
 *
 * @param p50 median response time, ms
 * @param p90 90th percentile, ms
 * @param p95 95th percentile, ms
 * @param p99 99th percentile, ms
 * @param mean mean response time, ms
 */
record StallTruth(double p50, double p90, double p95, double p99, double mean) {

  /**
   * The truth over {@code window} from {@code fromEpochMillis}: one arrival per millisecond, each
   * held as the echo backend holds it, plus {@code delay}.
   */
  static StallTruth over(EchoStall stall, Duration delay, long fromEpochMillis, Duration window) {
    int n = (int) Math.max(1, window.toMillis());
    long[] waits = new long[n];
    long sum = 0;
    for (int i = 0; i < n; i++) {
      waits[i] = stall.holdMillis(fromEpochMillis + i) + delay.toMillis();
      sum += waits[i];
    }
    Arrays.sort(waits);
    return new StallTruth(rank(waits, 50), rank(waits, 90), rank(waits, 95), rank(waits, 99),
        (double) sum / n);
  }

  /**
   * The closed form for a whole number of periods: a share LENGTH/PERIOD of arrivals waits
   * uniformly 0..LENGTH extra, so quantile q is {@code delay} for q &lt;= 1 - LENGTH/PERIOD, else
   * {@code delay + LENGTH - (1 - q) x PERIOD}; the mean is {@code delay + LENGTH² / (2 PERIOD)}.
   */
  static StallTruth steady(EchoStall stall, Duration delay) {
    double period = stall.period().toMillis();
    double length = stall.length().toMillis();
    double d = delay.toMillis();
    return new StallTruth(quantile(0.50, period, length, d), quantile(0.90, period, length, d),
        quantile(0.95, period, length, d), quantile(0.99, period, length, d),
        d + length * length / (2 * period));
  }

  private static double quantile(double q, double period, double length, double delay) {
    // Rounded to ns: 1 - 0.9 is not 0.1 in binary, and p90 must read as exactly the delay.
    return delay + Math.max(0, Math.round((length - (1 - q) * period) * 1e6) / 1e6);
  }

  /** Smallest value with at least {@code percentile} % of the sorted values at or below it. */
  private static double rank(long[] sorted, double percentile) {
    int index = (int) Math.ceil(percentile / 100 * sorted.length - 1e-9) - 1;
    return sorted[Math.max(0, index)];
  }
}
