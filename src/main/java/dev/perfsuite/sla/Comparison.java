package dev.perfsuite.sla;

/**
 * How an actual value is held against a threshold's limit.
 *
 * <p>"Below" and "above" are strict because an SLA names the first unacceptable value: "p99 below
 * 500 ms" is breached by a p99 of exactly 500 ms. "Within" and "at least" are inclusive because
 * their limit is the last acceptable value. A NaN actual fails every comparison.
 */
enum Comparison {
  BELOW("<"),
  ABOVE(">"),
  WITHIN("<="),
  AT_LEAST(">=");

  private final String symbol;

  Comparison(String symbol) {
    this.symbol = symbol;
  }

  String symbol() {
    return symbol;
  }

  boolean accepts(double actual, double limit) {
    return switch (this) {
      case BELOW -> actual < limit;
      case ABOVE -> actual > limit;
      case WITHIN -> actual <= limit;
      case AT_LEAST -> actual >= limit;
    };
  }
}
