package dev.perfsuite.history;

import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.TimelinePoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One run of one scenario as the history keeps it: its identity and the measurement phase of every
 * label.
 *
 * @param scenario the scenario name (one history file per scenario)
 * @param identity when, what commit, which target, profile, engine and build
 * @param interrupted true when the run stopped before its profile ended; never a baseline
 * @param outcome the run's outcome as verdict.json spells it ({@value #PASSED}, {@code failed},
 *     {@code stopped}, {@code not-judged}); empty when none was recorded (rows written before the
 *     column existed). Only {@value #PASSED} or none makes a baseline
 * @param window width of the timeline windows in {@link LabelRecord#windows()}
 * @param labels {@code TOTAL} first, then every label in first-seen order
 */
public record RunRecord(String scenario, RunIdentity identity, boolean interrupted,
    Optional<String> outcome, Duration window, List<LabelRecord> labels) {
  /** The outcome of a run whose every judged threshold passed, as verdict.json spells it. */
  public static final String PASSED = "passed";

  public RunRecord {
    labels = List.copyOf(labels);
  }

  /**
   * The record of a finished run: summaries, timeline and, when the JTL keeps every sample, exact
   * histograms. Summaries and timeline come from {@code result}; the histograms from the JTL in its
   * directory ({@code jtl}, the run's {@code perf.jtl}).
   */
  public static RunRecord of(RunResult result, RunIdentity identity, JtlContent jtl) {
    // A JTL of errors only, or cut short by a full disk, would give the wrong histograms.
    Map<String, Histogram> histograms = result.incompleteResults().isPresent()
        || jtl != JtlContent.ALL ? Map.of()
        : MeasuredHistograms.read(result.directory(), result.labels());
    List<LabelRecord> labels = new ArrayList<>();
    List<String> order = new ArrayList<>();
    order.add(LabelSummary.OVERALL);
    order.addAll(result.labels());
    for (String label : order) {
      Optional<LabelSummary> measured = result.summary(label, Phase.MEASUREMENT);
      if (measured.isEmpty()) {
        continue;
      }
      LabelSummary s = measured.get();
      List<LabelRecord.Window> windows = result.timeline().of(label).stream()
          .filter(p -> p.phase() == Phase.MEASUREMENT)
          .map(RunRecord::window)
          .toList();
      Histogram histogram = histograms.get(label);
      labels.add(new LabelRecord(label, s.samples(), s.errors(), s.latency().p50(),
          s.latency().p90(), s.latency().p95(), s.latency().p99(), s.latency().max(),
          s.latency().mean(), s.throughput(), windows,
          histogram == null ? "" : LabelRecord.encode(histogram)));
    }
    return new RunRecord(result.scenario(), identity, result.interrupted(), Optional.empty(),
        result.timeline().window(), labels);
  }

  private static LabelRecord.Window window(TimelinePoint point) {
    return new LabelRecord.Window(point.samples(), point.errors(), point.p95Millis(),
        point.p99Millis());
  }

  /** The record of one label, empty when the label did not sample in this run's measurement. */
  public Optional<LabelRecord> label(String label) {
    return labels.stream().filter(l -> l.label().equals(label)).findFirst();
  }

  /** The all-samplers record, empty when the run had no measurement samples at all. */
  public Optional<LabelRecord> overall() {
    return label(LabelSummary.OVERALL).filter(l -> l.samples() > 0);
  }

  /** The same run with its outcome, once its test has ended: {@code passed}, {@code failed}... */
  public RunRecord withOutcome(String outcome) {
    return new RunRecord(scenario, identity, interrupted, Optional.of(outcome), window, labels);
  }

  /** True when this run ran to the end and measured something, whatever its outcome. */
  public boolean complete() {
    return !interrupted && overall().isPresent();
  }

  /**
   * True when this run can serve as a baseline: it is complete and passed, or carries no outcome.
   * A run that failed its SLA or was never judged must not become the normal others are held to.
   */
  public boolean usableAsBaseline() {
    return complete() && outcome.map(PASSED::equals).orElse(true);
  }
}
