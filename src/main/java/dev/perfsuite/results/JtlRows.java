package dev.perfsuite.results;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.save.CSVSaveService;

/**
 * Reads a CSV JTL row by row, each cell by the name its column has in the header line, with
 * JMeter's own CSV reader (quoted fields, line breaks inside them).
 *
 * <pre>{@code
 * try (JtlRows rows = JtlRows.open(jtl)) {
 *   rows.require("timeStamp", "elapsed", "label");
 *   for (JtlRows.Row row = rows.next(); row != null; row = rows.next()) { ... }
 * }
 * }</pre>
 */
public final class JtlRows implements AutoCloseable {
  private final Path jtl;
  private final BufferedReader in;
  private final List<String> header;
  private final Map<String, Integer> columns = new HashMap<>();
  /** What JMeter's own test reads a transaction sample by: its response message. */
  private final SampleResult probe = new SampleResult();

  private JtlRows(Path jtl, BufferedReader in) throws IOException {
    this.jtl = jtl;
    this.in = in;
    this.header = List.of(CSVSaveService.csvReadFile(in, ','));
    for (int i = 0; i < header.size(); i++) {
      columns.putIfAbsent(header.get(i), i);
    }
  }

  /** Opens {@code jtl} (UTF-8) and reads its header line. */
  public static JtlRows open(Path jtl) throws IOException {
    BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8);
    try {
      return new JtlRows(jtl, in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * Fails unless the header has every one of {@code names}.
   *
   * @throws IllegalStateException naming the file, the missing column and the header
   */
  public void require(String... names) {
    for (String name : names) {
      if (!columns.containsKey(name)) {
        throw new IllegalStateException("the JTL " + jtl + " has no '" + name + "' column; "
            + "header: " + header);
      }
    }
  }

  /** The next row, or null at the end of the file. */
  public Row next() throws IOException {
    String[] cells = CSVSaveService.csvReadFile(in, ',');
    return cells.length == 0 ? null : new Row(cells);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** One row of the JTL. */
  public final class Row {
    private final String[] cells;

    private Row(String[] cells) {
      this.cells = cells;
    }

    /**
     * Whether the row has as many cells as the header has columns: not so for a last line a
     * killed JVM cut short.
     */
    public boolean complete() {
      return cells.length == header.size();
    }

    /**
     * The cell of {@code column}; null when the header has no such column or the row ends
     * first.
     */
    public String get(String column) {
      Integer index = columns.get(column);
      return index == null || index >= cells.length ? null : cells[index];
    }

    /** The cell of {@code column}, or {@code fallback} where {@link #get} is null. */
    public String get(String column, String fallback) {
      String value = get(column);
      return value == null ? fallback : value;
    }

    /**
     * Whether a transaction controller wrote the row (its response message says so), which
     * {@link LabelSummary#OVERALL} leaves out, as the recorder does.
     */
    public boolean transaction() {
      probe.setResponseMessage(get("responseMessage", ""));
      return TransactionController.isFromTransactionController(probe);
    }

    @Override
    public String toString() {
      return Arrays.toString(cells);
    }
  }
}
