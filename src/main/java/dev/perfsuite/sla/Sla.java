package dev.perfsuite.sla;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable list of thresholds on the measurement phase of a run, built fluently per label and
 * overall.
 *
 * <pre>{@code
 * Sla sla = Sla.overall()
 *     .p95Below(Duration.ofMillis(200))
 *     .errorPercentBelow(1.0)
 *     .littlesLawGapWithin(15.0)
 *   .and(Sla.label("POST /echo 1KiB").p99Below(Duration.ofMillis(500)).throughputAbove(100.0));
 * perf.judge(sla, runResult).assertPassed(); // in a scenario: the session reports the verdict
 * }</pre>
 *
 * <p>Every fluent method returns a new {@code Sla}; thresholds are added to {@link #scope()}, the
 * label of the latest {@link #overall()} or {@link #label(String)} in the chain. "Below" and
 * "above" are strict: a p99 of exactly 500 ms breaches {@code p99Below(Duration.ofMillis(500))},
 * and a throughput of exactly 100 req/s breaches {@code throughputAbove(100.0)}. Warm-up samples
 * ({@link Phase#WARM_UP}) are never judged.
 *
 * @param scope the label that the fluent threshold methods add to, {@link LabelSummary#OVERALL} for
 *     the all-samplers summary
 * @param thresholds every threshold, in the order they were declared
 */
public record Sla(String scope, List<Threshold> thresholds) {
  /** Copies the thresholds, so that no caller can change an SLA after building it. */
  public Sla {
    Objects.requireNonNull(scope, "scope");
    thresholds = List.copyOf(thresholds);
  }

  /**
   * Starts thresholds on the all-samplers summary of the measurement phase.
   *
   * @return an SLA without thresholds whose fluent methods judge all samplers together
   */
  public static Sla overall() {
    return new Sla(LabelSummary.OVERALL, List.of());
  }

  /**
   * Starts thresholds on one sampler label.
   *
   * <p>The label must match the sampler's name exactly; a label without measurement-phase samples
   * fails every threshold on it rather than passing vacuously, so a typo shows up as a breach.
   *
   * @param label the sampler label, as in the JTL
   * @return an SLA without thresholds whose fluent methods judge that label
   */
  public static Sla label(String label) {
    Objects.requireNonNull(label, "label");
    if (label.isBlank()) {
      throw new IllegalArgumentException(
          "label must not be blank; use Sla.overall() for all samplers");
    }
    return new Sla(label, List.of());
  }

  /**
   * Requires the median response time to be strictly below a limit.
   *
   * @param limit positive; compared in ms, sub-millisecond parts included
   * @return a new SLA with the threshold added
   */
  public Sla p50Below(Duration limit) {
    return with(Metric.P50, millis(limit));
  }

  /**
   * Requires the 90th-percentile response time to be strictly below a limit.
   *
   * @param limit positive; compared in ms, sub-millisecond parts included
   * @return a new SLA with the threshold added
   */
  public Sla p90Below(Duration limit) {
    return with(Metric.P90, millis(limit));
  }

  /**
   * Requires the 95th-percentile response time to be strictly below a limit.
   *
   * @param limit positive; compared in ms, sub-millisecond parts included
   * @return a new SLA with the threshold added
   */
  public Sla p95Below(Duration limit) {
    return with(Metric.P95, millis(limit));
  }

  /**
   * Requires the 99th-percentile response time to be strictly below a limit.
   *
   * <p>Percentiles are whole milliseconds, so {@code p99Below(Duration.ofMillis(500))} passes at
   * 499 ms and fails at 500 ms.
   *
   * @param limit positive; compared in ms, sub-millisecond parts included
   * @return a new SLA with the threshold added
   */
  public Sla p99Below(Duration limit) {
    return with(Metric.P99, millis(limit));
  }

  /**
   * Requires the mean response time to be strictly below a limit.
   *
   * @param limit positive; compared in ms, sub-millisecond parts included
   * @return a new SLA with the threshold added
   */
  public Sla meanBelow(Duration limit) {
    return with(Metric.MEAN, millis(limit));
  }

  /**
   * Requires the failed samples, in percent of all samples, to be strictly below a limit.
   *
   * <p>The row's detail names the causes (connect, timeout, HTTP status codes, assertion), so a
   * breach says what failed. Zero is rejected because nothing is strictly below 0 %; to demand an
   * error-free run, use a limit smaller than one sample's share, such as {@code 0.001}.
   *
   * @param percent positive, in percent (1.0 means 1 %, not 100 %)
   * @return a new SLA with the threshold added
   */
  public Sla errorPercentBelow(double percent) {
    return with(Metric.ERROR_PERCENT, percent);
  }

  /**
   * Requires the throughput to be strictly above a limit.
   *
   * <p>Throughput is samples divided by the measurement phase's own span (first start to last end),
   * so a run that stalls midway shows it here.
   *
   * @param requestsPerSecond zero or more, in requests per second
   * @return a new SLA with the threshold added
   */
  public Sla throughputAbove(double requestsPerSecond) {
    return with(Metric.THROUGHPUT, requestsPerSecond);
  }

  /**
   * Requires Little's law to agree with the configured users within a tolerance.
   *
   * <p>In a closed model each of the N users cycles through a request (mean response time R) and a
   * pause (think time Z), so Little's law over the whole cycle gives N = X * (R + Z) for the
   * throughput X. The check computes L' = X * (R + Z) / 1000 with R and Z in ms and passes when
   * |L' - users| / users * 100 is at most {@code percent} (inclusive). Think time must be included:
   * without it L' counts only requests in flight and falls short of the users by X * Z whenever
   * threads pause. A large gap means the users were not all busy during the measurement phase: the
   * ramp still running, a stalled load generator, or a think time other than the configured one.
   *
   * <p>Traps: meaningful for a closed model on {@link #overall()}; on one label of a multi-label
   * plan L' is that label's share of the users, and in an open model the users are only a thread
   * cap. The users and think time come from the {@link RunResult}.
   *
   * @param percent zero or more, in percent of the configured users
   * @return a new SLA with the threshold added
   */
  public Sla littlesLawGapWithin(double percent) {
    return with(Metric.LITTLES_LAW_GAP, percent);
  }

  /**
   * Requires at least this many measurement-phase samples, so that a run which silently sent far
   * fewer requests than planned cannot pass on good-looking percentiles.
   *
   * @param samples one or more; inclusive
   * @return a new SLA with the threshold added
   */
  public Sla samplesAtLeast(long samples) {
    return with(Metric.SAMPLES, samples);
  }

  /**
   * Concatenates another SLA's thresholds after these.
   *
   * @param other the thresholds to append, typically on another label
   * @return a new SLA whose fluent methods continue on {@code other}'s scope
   */
  public Sla and(Sla other) {
    Objects.requireNonNull(other, "other");
    List<Threshold> all = new ArrayList<>(thresholds);
    all.addAll(other.thresholds);
    return new Sla(other.scope, all);
  }

  /**
   * Judges a run against every threshold, on the measurement phase only.
   *
   * <p>An interrupted run gets an extra failing "run completed" row, whatever its statistics.
   *
   * <p>Pure judging: nothing is reported or written. A scenario judges through its session
   * ({@code perf.judge(sla, result)} of {@code junit.PerfSession}), which hands the verdict to
   * that session's reports.
   *
   * @param run the run to judge
   * @return the verdict with one row per threshold
   * @throws IllegalStateException when this SLA has no threshold, since it would pass anything
   */
  public SlaVerdict evaluate(RunResult run) {
    return SlaEvaluator.evaluate(this, run);
  }

  private Sla with(Metric metric, double limit) {
    List<Threshold> all = new ArrayList<>(thresholds);
    all.add(new Threshold(scope, metric, limit));
    return new Sla(scope, all);
  }

  private static double millis(Duration limit) {
    Objects.requireNonNull(limit, "limit");
    return limit.toNanos() / 1_000_000.0;
  }
}
