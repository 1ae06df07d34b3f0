package dev.perfsuite.results;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.save.CSVSaveService;

/**
 * Reads a CSV JTL row by row, each cell by the name its column has in the header line. JMeter's own
 * CSV reader does the parsing (quoted fields, line breaks inside them).
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
    BufferedReader in = reader(jtl);
    try {
      return new JtlRows(jtl, in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * A reader of a JTL, plain or gzip, told by its first bytes whatever its name
   * ({@code results.jtl.gz}). A gzip stream cut short by a killed JVM or a full disk reads up to
   * where it ends.
   */
  public static BufferedReader reader(Path jtl) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(jtl), 1 << 16);
    raw.mark(2);
    boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
    raw.reset();
    InputStream in = gzip ? new CutShort(new GZIPInputStream(raw, 1 << 16)) : raw;
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }

  /** Writes {@code jtl} (plain or gzip) as a plain CSV file {@code target}, for JMeter's tools. */
  public static Path inflate(Path jtl, Path target) throws IOException {
    try (BufferedReader reader = reader(jtl);
        Writer out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
      reader.transferTo(out);
    }
    return target;
  }

  /** Ends quietly where a gzip stream was cut off instead of failing the whole read. */
  private static final class CutShort extends FilterInputStream {
    CutShort(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (EOFException e) {
        return -1;
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return super.read(b, off, len);
      } catch (EOFException e) {
        return -1;
      }
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
