package dev.perfsuite.sla;

import dev.perfsuite.results.LabelSummary;
import java.util.Objects;

/**
 * One limit on one metric of one label, or of the all-samplers summary.
 *
 * <p>The limit is a number in the metric's unit (ms for latency metrics, so a
 * {@code Duration.ofMillis(200)} limit is stored as {@code 200.0}); build thresholds through
 * {@link Sla}, which takes every time value as a {@link java.time.Duration}.
 *
 * @param scope the sampler label, or {@link LabelSummary#OVERALL} for all samplers; a label that
 *     happens to be spelled {@code TOTAL} is therefore the overall summary, as in the JTL reports
 * @param metric what is measured
 * @param limit the limit in {@code metric}'s unit; validated against the metric's comparison, so a
 *     strict "below" limit must be positive and a "samples at least" limit a whole number of at
 *     least 1
 */
public record Threshold(String scope, Metric metric, double limit) {

  /** Validates the limit against the metric, so that no threshold can be unpassable. */
  public Threshold {
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(metric, "metric");
    if (scope.isBlank()) {
      throw new IllegalArgumentException("scope must name a label or be LabelSummary.OVERALL");
    }
    metric.requireValidLimit(limit);
  }

  /** The row every interrupted run gets: the run must reach the end of its load profile. */
  static Threshold runCompleted() {
    return new Threshold(LabelSummary.OVERALL, Metric.RUN_COMPLETED, 1);
  }

  /**
   * Whether this threshold judges the all-samplers summary rather than one label.
   *
   * @return true when the scope is {@link LabelSummary#OVERALL}
   */
  public boolean overall() {
    return scope.equals(LabelSummary.OVERALL);
  }

  /** The scope as tables show it: {@code overall} or the label. */
  public String scopeName() {
    return overall() ? "overall" : scope;
  }

  /** The limit as tables show it, with the metric's comparison and unit. */
  public String expected() {
    return metric.expected(limit);
  }

  boolean accepts(double actual) {
    return metric.comparison().accepts(actual, limit);
  }
}
