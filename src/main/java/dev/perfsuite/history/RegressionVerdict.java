package dev.perfsuite.history;

import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.history.MetricComparison.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a run got worse than its baseline. Every label's p95, p99, error % and throughput sit
 * side by side with the baseline's, each judged against the tolerance and against run-to-run noise.
 *
 * <p>A metric regresses when it is worse than the baseline by more than
 * {@code perf.regression.tolerance} percent (practical significance), <em>and</em> a one-sided
 * Mann-Whitney U test over the per-window values of both measurement phases gives
 * p &lt; {@value #SIGNIFICANCE} (beyond the noise within a run), <em>and</em>, once the history
 * holds at least 3 previous runs on the same target and profile, it is worse than their median by
 * more than 3 robust standard deviations (beyond the noise between runs, {@link RunToRunSpread}).
 * The last window of each run is left out of the test: it is usually cut short by the end of the
 * run.
 *
 * @param scenario the scenario
 * @param current this run
 * @param baseline the run compared with, empty when there was none
 * @param source how the baseline was chosen, e.g. "previous run on target local, profile smoke"
 * @param tolerancePercent the tolerance in percent
 * @param comparisons one row per label and metric, {@code TOTAL} first; empty without baseline
 */
public record RegressionVerdict(String scenario, RunIdentity current,
    Optional<RunIdentity> baseline, String source, double tolerancePercent,
    List<MetricComparison> comparisons) {

  /** One-sided significance level of the noise test. */
  public static final double SIGNIFICANCE = 0.01;
  private static final Logger LOG = LoggerFactory.getLogger(RegressionVerdict.class);

  public RegressionVerdict {
    comparisons = List.copyOf(comparisons);
  }

  /** A verdict with nothing to compare with: first run, or comparison switched off. */
  public static RegressionVerdict withoutBaseline(RunRecord current, String why,
      double tolerancePercent) {
    return new RegressionVerdict(current.scenario(), current.identity(), Optional.empty(), why,
        tolerancePercent, List.of());
  }

  /** Compares every label of {@code current} with the same label of {@code baseline}. */
  public static RegressionVerdict compare(RunRecord baseline, RunRecord current, String source,
      double tolerancePercent) {
    return compare(baseline, current, List.of(), source, tolerancePercent);
  }

  /**
   * Compares every label of {@code current} with the same label of {@code baseline} and with
   * run-to-run spread. The spread comes from {@code previous} runs on the same target and profile
   * (oldest first, the baseline usually the last of them).
   */
  public static RegressionVerdict compare(RunRecord baseline, RunRecord current,
      List<RunRecord> previous, String source, double tolerancePercent) {
    List<MetricComparison> rows = new ArrayList<>();
    for (LabelRecord now : current.labels()) {
      if (now.samples() == 0) {
        continue;
      }
      Optional<LabelRecord> before = baseline.label(now.label()).filter(l -> l.samples() > 0);
      for (RegressionMetric metric : RegressionMetric.values()) {
        rows.add(before.isEmpty()
            ? new MetricComparison(now.label(), metric, Double.NaN, metric.value(now), Double.NaN,
                Double.NaN, 0, 0, "-", Status.INCONCLUSIVE, "new label: not in the baseline")
            : comparison(metric, before.get(), baseline.window(), now, current.window(),
                tolerancePercent, spread(previous, now.label(), metric)));
      }
    }
    for (LabelRecord gone : baseline.labels()) {
      if (gone.samples() > 0 && current.label(gone.label()).filter(l -> l.samples() > 0)
          .isEmpty()) {
        rows.add(new MetricComparison(gone.label(), RegressionMetric.THROUGHPUT,
            RegressionMetric.THROUGHPUT.value(gone), 0, Double.NaN, Double.NaN, 0, 0, "-",
            Status.INCONCLUSIVE, "label not sampled in this run"));
      }
    }
    return new RegressionVerdict(current.scenario(), current.identity(),
        Optional.of(baseline.identity()), source, tolerancePercent, rows);
  }

  private static Optional<RunToRunSpread> spread(List<RunRecord> previous, String label,
      RegressionMetric metric) {
    return RunToRunSpread.of(previous.stream()
        .flatMap(r -> r.label(label).filter(l -> l.samples() > 0).stream())
        .map(metric::value)
        .toList());
  }

  private static MetricComparison comparison(RegressionMetric metric, LabelRecord before,
      Duration beforeWidth, LabelRecord now, Duration nowWidth, double tolerance,
      Optional<RunToRunSpread> spread) {
    double base = metric.value(before);
    double value = metric.value(now);
    double worseBy = metric.higherIsWorse() ? value - base : base - value;
    double change = base == 0 ? (worseBy > 0 ? Double.POSITIVE_INFINITY : 0)
        : worseBy / Math.abs(base) * 100;
    boolean moved = Math.abs(change) > tolerance && Math.abs(value - base) >= metric.smallestMove()
        && worseBy != 0;
    double[] x = windows(metric, before, beforeWidth);
    double[] y = windows(metric, now, nowWidth);
    boolean worse = worseBy > 0;
    // The test asks whether this run's windows moved the way the whole-phase value moved.
    boolean larger = worse == metric.higherIsWorse();
    double p = larger ? MannWhitneyU.pGreater(x, y) : MannWhitneyU.pGreater(y, x);
    String spreadText = spread.map(s -> s.describe(metric)).orElse("-");
    if (!moved) {
      return new MetricComparison(now.label(), metric, base, value, change, p, x.length, y.length,
          spreadText, Status.OK, "");
    }
    if (x.length < 2 || y.length < 2
        || MannWhitneyU.smallestP(x.length, y.length) >= SIGNIFICANCE) {
      return new MetricComparison(now.label(), metric, base, value, change, p, x.length, y.length,
          spreadText, Status.INCONCLUSIVE, String.format(Locale.ROOT, "%d vs %d windows cannot "
              + "reach p<%s: lengthen the hold", x.length, y.length, SIGNIFICANCE));
    }
    if (p >= SIGNIFICANCE) {
      return new MetricComparison(now.label(), metric, base, value, change, p, x.length, y.length,
          spreadText, Status.NOISE, "windows overlap");
    }
    if (worse && spread.isPresent() && !spread.get().exceededBy(value, metric)) {
      return new MetricComparison(now.label(), metric, base, value, change, p, x.length, y.length,
          spreadText, Status.NOISE, "within the run-to-run spread");
    }
    return new MetricComparison(now.label(), metric, base, value, change, p, x.length, y.length,
        spreadText, worse ? Status.REGRESSION : Status.IMPROVEMENT, "");
  }

  /** Per-window values of the measurement phase without its last (usually partial) window. */
  private static double[] windows(RegressionMetric metric, LabelRecord label, Duration width) {
    List<LabelRecord.Window> windows = label.windows();
    return windows.subList(0, Math.max(0, windows.size() - 1)).stream()
        .mapToDouble(w -> metric.value(w, width)).toArray();
  }

  /** The rows that regressed. */
  public List<MetricComparison> regressions() {
    return comparisons.stream().filter(c -> c.status() == Status.REGRESSION).toList();
  }

  /** True when at least one metric of one label regressed. */
  public boolean regressed() {
    return !regressions().isEmpty();
  }

  /** One line for the console and test reports. */
  public String headline() {
    if (baseline.isEmpty()) {
      return scenario + ": no regression verdict (" + source + ")";
    }
    List<MetricComparison> found = regressions();
    return found.isEmpty()
        ? String.format(Locale.ROOT, "%s: no regression against %s (%s)", scenario,
            baseline.get().describe(), source)
        : String.format(Locale.ROOT, "%s: REGRESSION in %d metric(s) against %s (%s)", scenario,
            found.size(), baseline.get().describe(), source);
  }

  /** The verdict table as Markdown: both runs' numbers side by side. */
  public String markdown() {
    StringBuilder out = new StringBuilder("### Regression verdict: ").append(scenario)
        .append("\n\n").append(headline()).append("\n\n");
    out.append(context()).append("\n\n");
    if (comparisons.isEmpty()) {
      return out.toString();
    }
    List<String> headers = headers();
    out.append("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> out.append("---|"));
    out.append('\n');
    for (List<String> row : rows()) {
      out.append("| ").append(row.stream().map(c -> c.replace("|", "\\|"))
          .collect(Collectors.joining(" | "))).append(" |\n");
    }
    return out.toString();
  }

  /** The verdict table as a self-contained HTML page. */
  public String html() {
    StringBuilder out = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        + "<title>Regression verdict: ").append(escape(scenario)).append("</title><style>"
        + "body{font-family:sans-serif}table{border-collapse:collapse}"
        + "td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
        + "td:first-child,td:nth-child(2),th{text-align:left}"
        + ".REGRESSION{background:#f8d0d0;font-weight:bold}.IMPROVEMENT{background:#d4f0d4}"
        + ".NOISE{background:#fff4c8}.INCONCLUSIVE{color:#777}</style></head><body>\n");
    out.append("<h3>Regression verdict: ").append(escape(scenario)).append("</h3>\n<p>")
        .append(escape(headline())).append("</p>\n<p>").append(escape(context()))
        .append("</p>\n");
    if (!comparisons.isEmpty()) {
      out.append("<table>\n<tr>");
      headers().forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
      out.append("</tr>\n");
      List<List<String>> rows = rows();
      for (int i = 0; i < rows.size(); i++) {
        out.append("<tr class=\"").append(comparisons.get(i).status()).append("\">");
        rows.get(i).forEach(c -> out.append("<td>").append(escape(c)).append("</td>"));
        out.append("</tr>\n");
      }
      out.append("</table>\n");
    }
    return out.append("</body></html>\n").toString();
  }

  /**
   * Acts on the verdict as {@code perf.regression} says. Nothing when off, a console warning when
   * warn, and with fail an {@link AssertionError} naming every regressed label and metric, both
   * values and the test.
   */
  public void enforce(RegressionMode mode) {
    if (mode == RegressionMode.OFF || !regressed()) {
      return;
    }
    if (mode == RegressionMode.WARN) {
      LOG.warn(failureMessage());
      return;
    }
    throw new AssertionError(failureMessage());
  }

  /** What a failed test says: every regression in a sentence, then the whole table. */
  public String failureMessage() {
    StringBuilder out = new StringBuilder(headline()).append('\n');
    for (MetricComparison c : regressions()) {
      out.append(String.format(Locale.ROOT,
          "- label '%s': %s %s -> %s (%s, tolerance %s %%; Mann-Whitney U one-sided %s, "
              + "alpha %s)%n", c.label(), c.metric().title(), c.metric().format(c.baseline()),
          c.metric().format(c.current()), c.change(), trim(tolerancePercent), c.test(),
          SIGNIFICANCE));
    }
    return out.append('\n').append(markdown()).toString();
  }

  private String context() {
    return "Current: " + describe(current) + ". Baseline: "
        + baseline.map(RegressionVerdict::describe).orElse("none") + ". Tolerance "
        + trim(tolerancePercent) + " %; noise within a run: one-sided Mann-Whitney U on the "
        + "per-window values of the measurement phases, alpha " + SIGNIFICANCE + "; noise "
        + "between runs: more than 3 robust sigma beyond the median of the previous runs.";
  }

  private static String describe(RunIdentity run) {
    return run.describe() + " (" + run.target() + "/" + run.profile() + ", " + run.engine()
        + run.build().map(b -> ", " + b.job() + " " + b.url()).orElse("") + ")";
  }

  private static List<String> headers() {
    return Arrays.asList("Label", "Metric", "Baseline", "Current", "Change",
        "Noise test (windows)", "Previous runs (median ± 3σ)", "Verdict");
  }

  private List<List<String>> rows() {
    return comparisons.stream().map(c -> Arrays.asList(c.label(), c.metric().title(),
        Double.isNaN(c.baseline()) ? "-" : c.metric().format(c.baseline()),
        c.metric().format(c.current()), c.change(), c.test(), c.spread(),
        c.status() + (c.note().isEmpty() ? "" : " (" + c.note() + ")"))).toList();
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
