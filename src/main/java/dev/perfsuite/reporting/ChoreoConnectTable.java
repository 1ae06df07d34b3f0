package dev.perfsuite.reporting;

import dev.perfsuite.results.RunSummary;
import dev.perfsuite.results.SummaryTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * payload size, then users, as the reference table is.
 */
public final class ChoreoConnectTable {
  /** The reference table's columns, verbatim. */
  public static final List<String> HEADERS = List.of(
      "Concurrent Users", "Message Size (Bytes)", "Total requests", "Average Response Time (ms)",
      "Throughput (Requests/sec)", "Error %", "Error Count", "Little's law verification",
      "90th Percentile of Response Time (ms)", "95th Percentile of Response Time (ms)",
      "99th Percentile of Response Time (ms)");

  private record Row(int users, int bytes, String size, RunSummary summary) {
  }

  private final List<Row> rows = new ArrayList<>();

  /** Adds a finished cell; {@code size} is the label such as {@code 1KiB}. */
  public synchronized void add(int users, int bytes, String size, RunSummary measured) {
    rows.add(new Row(users, bytes, size, measured));
  }

  /** The rows as cells, in {@link #HEADERS} order. */
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

  /** The table as Markdown, as printed at the end of a matrix run. */
  public String markdown() {
    return Tables.markdown(HEADERS, cells());
  }

  /** Writes {@code <base>.csv} and {@code <base>.md}; returns the CSV path. */
  public Path write(Path directory, String base) {
    try {
      Files.createDirectories(directory);
      Files.writeString(directory.resolve(base + ".md"), markdown(), StandardCharsets.UTF_8);
      Path csv = directory.resolve(base + ".csv");
      Files.writeString(csv, Tables.csv(HEADERS, cells()), StandardCharsets.UTF_8);
      return csv;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + base + " under " + directory, e);
    }
  }

  /**
   * The seed's two figures as PNG: throughput against users and p99 against users, one series
   * per payload size.
   */
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
  public synchronized boolean isEmpty() {
    return rows.isEmpty();
  }
}
