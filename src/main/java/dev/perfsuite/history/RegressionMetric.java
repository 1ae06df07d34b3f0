package dev.perfsuite.history;

import java.time.Duration;
import java.util.Locale;

/** What the regression verdict compares per label, and which direction is worse. */
public enum RegressionMetric {
  /**
   * 95th percentile response time; higher is worse; moves under 1 ms (the JTL resolution) never
   * count.
   */
  P95("p95", "ms", true, 1),
  /** 99th percentile response time; higher is worse; moves under 1 ms never count. */
  P99("p99", "ms", true, 1),
  /**
   * Failed samples in percent; higher is worse. Moves under 0.1 percentage point never count, so
   * that 0.01 % becoming 0.02 % (double, but two samples in 20 000) is not a regression.
   */
  ERROR_PERCENT("error %", "%", true, 0.1),
  /** Samples per second; lower is worse. */
  THROUGHPUT("throughput", "req/s", false, 0);

  private final String title;
  private final String unit;
  private final boolean higherIsWorse;
  private final double smallestMove;

  RegressionMetric(String title, String unit, boolean higherIsWorse, double smallestMove) {
    this.title = title;
    this.unit = unit;
    this.higherIsWorse = higherIsWorse;
    this.smallestMove = smallestMove;
  }

  /** How tables name the metric. */
  public String title() {
    return title;
  }

  /** The unit of its values. */
  public String unit() {
    return unit;
  }

  /** True for latencies and errors, false for throughput. */
  public boolean higherIsWorse() {
    return higherIsWorse;
  }

  /** The smallest absolute move, in {@link #unit()}, that can count as a change at all. */
  double smallestMove() {
    return smallestMove;
  }

  /** The label's whole-phase value (exact, from the run's summary). */
  double value(LabelRecord label) {
    return switch (this) {
      case P95 -> label.p95Millis();
      case P99 -> label.p99Millis();
      case ERROR_PERCENT -> label.errorPercent();
      case THROUGHPUT -> label.throughput();
    };
  }

  /** The value of one timeline window, what the noise test ranks. */
  double value(LabelRecord.Window window, Duration width) {
    return switch (this) {
      case P95 -> window.p95Millis();
      case P99 -> window.p99Millis();
      case ERROR_PERCENT -> window.errorPercent();
      case THROUGHPUT -> window.throughput(width);
    };
  }

  /** A value with its unit, as tables show it. */
  String format(double value) {
    return switch (this) {
      case P95, P99 -> String.format(Locale.ROOT, "%.0f ms", value);
      case ERROR_PERCENT -> String.format(Locale.ROOT, "%.2f %%", value);
      case THROUGHPUT -> String.format(Locale.ROOT, "%.1f req/s", value);
    };
  }
}
