package dev.perfsuite.scenarios.wso2;

import dev.perfsuite.reporting.Charts;
import dev.perfsuite.reporting.ReportTable;
import dev.perfsuite.reporting.SummaryTable;
import dev.perfsuite.results.LabelSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The users x payload matrix in exactly the columns of WSO2's Choreo Connect benchmark table
 * (product-microgateway performance/benchmarks summary.csv), one row per cell, measurement phase.
 *
 * <p>A lifecycle object that collects rows as matrix cells finish; rows are kept sorted by
 * payload size, then users, as the reference table is. A {@link ReportTable}: the scenario hands
 * it to {@code PerfSession.report} at the end of the matrix.
 */
public final class ChoreoConnectTable implements ReportTable {
  /** The reference table's columns, verbatim. */
  public static final List<String> HEADERS = List.of(
      "Concurrent Users", "Message Size (Bytes)", "Total requests", "Average Response Time (ms)",
      "Throughput (Requests/sec)", "Error %", "Error Count", "Little's law verification",
      "90th Percentile of Response Time (ms)", "95th Percentile of Response Time (ms)",
      "99th Percentile of Response Time (ms)");

  private record Row(int users, int bytes, String size, LabelSummary summary) {
  }

  private final List<Row> rows = new ArrayList<>();

  /** Adds a finished cell; {@code size} is the label such as {@code 1KiB}. */
  public synchronized void add(int users, int bytes, String size, LabelSummary measured) {
    rows.add(new Row(users, bytes, size, measured));
  }

  @Override
  public List<String> headers() {
    return HEADERS;
  }

  /** The rows as cells, in {@link #HEADERS} order. */
  @Override
  public synchronized List<List<String>> cells() {
    return rows.stream()
        .sorted(Comparator.comparingInt(Row::bytes).thenComparingInt(Row::users))
        .map(r -> List.of(Integer.toString(r.users()), r.size(),
            Long.toString(r.summary().samples()),
            SummaryTable.fixed(r.summary().latency().mean()),
            SummaryTable.fixed(r.summary().throughput()),
            SummaryTable.fixed(r.summary().errorPercent()),
            Long.toString(r.summary().errors()),
            SummaryTable.fixed(r.summary().littlesLaw()),
            Long.toString(r.summary().latency().p90()),
            Long.toString(r.summary().latency().p95()),
            Long.toString(r.summary().latency().p99())))
        .toList();
  }

  /**
   * The seed's two figures as PNG: throughput against users and p99 against users, one series
   * per payload size.
   */
  @Override
  public synchronized List<Charts.Png> charts(String title) {
    Map<String, Map<Integer, Double>> throughput = Charts.cells();
    Map<String, Map<Integer, Double>> p99 = Charts.cells();
    rows.stream().sorted(Comparator.comparingInt(Row::bytes).thenComparingInt(Row::users))
        .forEach(r -> {
          throughput.computeIfAbsent(r.size(), k -> new TreeMap<>())
              .put(r.users(), r.summary().throughput());
          p99.computeIfAbsent(r.size(), k -> new TreeMap<>())
              .put(r.users(), (double) r.summary().latency().p99());
        });
    return List.of(
        new Charts.Png("Throughput vs users", Charts.matrix(title + ": throughput vs users",
            "Throughput (requests/s)", throughput)),
        new Charts.Png("p99 vs users", Charts.matrix(title + ": 99th percentile vs users",
            "99th percentile response time (ms)", p99)));
  }

  /** True when no cell has finished. */
  @Override
  public synchronized boolean isEmpty() {
    return rows.isEmpty();
  }
}
