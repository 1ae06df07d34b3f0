package dev.perfsuite.sla;

import java.util.Objects;

/**
 * The outcome of one threshold on one run.
 *
 * @param threshold what was required
 * @param actual the measured value in the metric's unit (ms, %, req/s, count); {@code NaN} when
 *     there was nothing to measure, for example no samples in the measurement phase
 * @param passed whether the actual value met the threshold
 * @param detail what a reader needs to act on the row, such as the error causes; never null
 */
public record ThresholdResult(Threshold threshold, double actual, boolean passed, String detail) {

  /** Replaces a null detail with an empty one, so that tables never print "null". */
  public ThresholdResult {
    Objects.requireNonNull(threshold, "threshold");
    detail = detail == null ? "" : detail;
  }

  /** The measured value as the verdict table shows it, in the metric's unit. */
  public String actualText() {
    return threshold.metric().actual(actual, threshold.limit());
  }

  String verdict() {
    return passed ? "PASS" : "FAIL";
  }
}
