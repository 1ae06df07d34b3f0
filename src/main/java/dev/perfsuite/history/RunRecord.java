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
 * @param window width of the timeline windows in {@link LabelRecord#windows()}
 * @param labels {@code TOTAL} first, then every label in first-seen order
 */
public record RunRecord(String scenario, RunIdentity identity, boolean interrupted,
    Duration window, List<LabelRecord> labels) {

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
    return new RunRecord(result.scenario(), identity, result.interrupted(),
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

  /** True when this run can serve as a baseline: it ran to the end and measured something. */
  public boolean usableAsBaseline() {
    return !interrupted && overall().isPresent();
  }
}
