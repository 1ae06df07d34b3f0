package dev.perfsuite.sla;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a {@link Threshold} measures, with the unit of its limit and of the actual value.
 *
 * <p>Latency metrics are in milliseconds, error and gap metrics in percent, throughput in requests
 * per second, samples as a count. Every metric is read from the measurement phase only.
 */
public enum Metric {
  /** Median response time in ms; passes when strictly below the limit. */
  P50("p50", " ms", Comparison.BELOW),
  /** 90th-percentile response time in ms; passes when strictly below the limit. */
  P90("p90", " ms", Comparison.BELOW),
  /** 95th-percentile response time in ms; passes when strictly below the limit. */
  P95("p95", " ms", Comparison.BELOW),
  /** 99th-percentile response time in ms; passes when strictly below the limit. */
  P99("p99", " ms", Comparison.BELOW),
  /** Mean response time in ms; passes when strictly below the limit. */
  MEAN("mean", " ms", Comparison.BELOW),
  /** Failed samples in percent of all samples; passes when strictly below the limit. */
  ERROR_PERCENT("error %", " %", Comparison.BELOW),
  /** Samples per second over the phase's span; passes when strictly above the limit. */
  THROUGHPUT("throughput", " req/s", Comparison.ABOVE),
  /** Distance in percent between Little's law and the configured users; passes when within. */
  LITTLES_LAW_GAP("Little's law gap", " %", Comparison.WITHIN),
  /** Number of samples; passes when at least the limit. */
  SAMPLES("samples", "", Comparison.AT_LEAST),
  /** Whether the run reached the end of its profile: 1 completed, 0 interrupted; limit is 1. */
  RUN_COMPLETED("run completed", "", Comparison.AT_LEAST),
  /**
   * Whether the results files hold the whole run: 1 whole, 0 when a full disk cut the JTL short;
   * limit is 1. Added to every verdict of such a run.
   */
  RESULTS_COMPLETE("results complete", "", Comparison.AT_LEAST);

  private static final int DISPLAY_SCALE = 2;

  private final String displayName;
  private final String unit;
  private final Comparison comparison;

  Metric(String displayName, String unit, Comparison comparison) {
    this.displayName = displayName;
    this.unit = unit;
    this.comparison = comparison;
  }

  /**
   * The name shown in the verdict table.
   *
   * @return such as {@code p99}, {@code error %} or {@code Little's law gap}
   */
  public String displayName() {
    return displayName;
  }

  Comparison comparison() {
    return comparison;
  }

  void requireValidLimit(double limit) {
    if (!Double.isFinite(limit)) {
      throw new IllegalArgumentException(displayName + " limit must be a finite number: " + limit);
    }
    switch (comparison) {
      case BELOW -> {
        if (limit <= 0) {
          throw new IllegalArgumentException(displayName
              + " limit must be positive, since \"below\" is strict and nothing is below "
              + format(limit) + ": " + limit);
        }
      }
      case ABOVE, WITHIN -> {
        if (limit < 0) {
          throw new IllegalArgumentException(displayName + " limit must not be negative: " + limit);
        }
      }
      case AT_LEAST -> {
        if ((this == RUN_COMPLETED || this == RESULTS_COMPLETE) && limit != 1) {
          throw new IllegalArgumentException(displayName + " limit must be 1: " + limit);
        }
        if (limit < 1 || limit != Math.rint(limit)) {
          throw new IllegalArgumentException(displayName + " limit must be a whole number >= 1,"
              + " since at least 0 always passes: " + limit);
        }
      }
      default -> throw new IllegalStateException("no limit rule for " + comparison);
    }
  }

  String expected(double limit) {
    if (this == RESULTS_COMPLETE) {
      return "whole";
    }
    return this == RUN_COMPLETED ? "completed" : comparison.symbol() + " " + format(limit);
  }

  /**
   * Formats the actual value so that a FAIL never shows the same number as its expectation. When
   * rounding would make it print like the limit although it differs, it prints in full.
   */
  String actual(double actual, double limit) {
    if (this == RUN_COMPLETED) {
      return actual >= 1 ? "completed" : "interrupted";
    }
    if (this == RESULTS_COMPLETE) {
      return actual >= 1 ? "whole" : "incomplete";
    }
    String rounded = format(actual);
    if (actual != limit && rounded.equals(format(limit)) && Double.isFinite(actual)) {
      return BigDecimal.valueOf(actual).toPlainString() + unit;
    }
    return rounded;
  }

  private String format(double value) {
    if (!Double.isFinite(value)) {
      return "n/a";
    }
    return number(value) + unit;
  }

  static String number(double value) {
    BigDecimal rounded = BigDecimal.valueOf(value)
        .setScale(DISPLAY_SCALE, RoundingMode.HALF_UP)
        .stripTrailingZeros();
    return rounded.signum() == 0 ? "0" : rounded.toPlainString();
  }
}
