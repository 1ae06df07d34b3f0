package dev.perfsuite.reporting;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The per-label summary of a run as rows of text, in WSO2's columns and then the suite's own.
 * WSO2's create-summary-csv.sh gives label, samples, errors, percentiles, throughput and Little's
 * law; the suite adds response time (from the intended start, or corrected), late starts, the
 * largest lag and the stalls corrected. The reference columns keep JMeter's service time.
 */
public final class SummaryTable {
  /** Column headers, in order. */
  public static final List<String> HEADERS = List.of(
      "Label", "Phase", "# Samples", "Error Count", "Error %", "Throughput (Requests/sec)",
      "Average Response Time (ms)", "Std Dev", "Min", "Max", "50th Percentile",
      "75th Percentile", "90th Percentile", "95th Percentile", "98th Percentile",
      "99th Percentile", "99.9th Percentile", "Received (KB/sec)", "Sent (KB/sec)",
      "Average Users in the System", "Configured Users",
      "Response Mean (ms)", "Response p50", "Response p90", "Response p95", "Response p99",
      "Response p99.9", "Response Max", "Late Starts", "Max Lag (ms)", "Stalls Corrected");

  private SummaryTable() {
  }

  /** One row of cells per summary, in {@link #HEADERS} order. */
  public static List<List<String>> rows(RunResult result) {
    List<List<String>> rows = new ArrayList<>();
    for (LabelSummary s : result.summaries()) {
      LatencyStats l = s.latency();
      rows.add(List.of(s.label(), s.phase() == Phase.WARM_UP ? "warm-up" : "measurement",
          Long.toString(s.samples()), Long.toString(s.errors()), fixed(s.errorPercent()),
          fixed(s.throughput()), fixed(l.mean()), fixed(l.stdDev()), Long.toString(l.min()),
          Long.toString(l.max()), Long.toString(l.p50()), Long.toString(l.p75()),
          Long.toString(l.p90()), Long.toString(l.p95()), Long.toString(l.p98()),
          Long.toString(l.p99()), Long.toString(l.p999()), fixed(s.receivedKBps()),
          fixed(s.sentKBps()), fixed(s.littlesLaw()), Integer.toString(result.users()),
          fixed(s.response().mean()), Long.toString(s.response().p50()),
          Long.toString(s.response().p90()), Long.toString(s.response().p95()),
          Long.toString(s.response().p99()), Long.toString(s.response().p999()),
          Long.toString(s.response().max()), Long.toString(s.lateStarts()),
          Long.toString(s.maxLagMillis()), Long.toString(s.stalls())));
    }
    return rows;
  }

  /** Two decimals, dot separator, as the reference reports print them. */
  public static String fixed(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
