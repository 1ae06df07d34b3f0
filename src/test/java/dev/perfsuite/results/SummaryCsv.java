package dev.perfsuite.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.save.CSVSaveService;

/**
 * Test oracle: the {@code summary.csv} a run wrote, read back by column name, so tests check the
 * file a reader gets rather than the in-memory result.
 */
public final class SummaryCsv {
  private final List<String> headers;
  private final Map<String, Map<String, String>> rows;

  private SummaryCsv(List<String> headers, Map<String, Map<String, String>> rows) {
    this.headers = headers;
    this.rows = rows;
  }

  /** Reads {@code summary.csv} of a run directory. */
  public static SummaryCsv read(Path runDirectory) {
    try {
      List<String> lines = Files.readAllLines(runDirectory.resolve("summary.csv"),
          StandardCharsets.UTF_8);
      List<String> headers = Arrays.asList(CSVSaveService.csvSplitString(lines.get(0), ','));
      Map<String, Map<String, String>> rows = new LinkedHashMap<>();
      for (String line : lines.subList(1, lines.size())) {
        if (line.isBlank()) {
          continue;
        }
        String[] cells = CSVSaveService.csvSplitString(line, ',');
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < headers.size(); i++) {
          row.put(headers.get(i), i < cells.length ? cells[i] : "");
        }
        rows.put(key(row.get("Label"), row.get("Phase")), row);
      }
      return new SummaryCsv(headers, rows);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read summary.csv of " + runDirectory, e);
    }
  }

  private static String key(String label, String phase) {
    return label + "\u0000" + phase;
  }

  private static String phaseName(Phase phase) {
    return phase == Phase.WARM_UP ? "warm-up" : "measurement";
  }

  /** The column headers, in file order. */
  public List<String> headers() {
    return headers;
  }

  /** True when the file has a row for this label and phase. */
  public boolean has(String label, Phase phase) {
    return rows.containsKey(key(label, phaseName(phase)));
  }

  /** One cell as text. */
  public String text(String label, Phase phase, String column) {
    Map<String, String> row = rows.get(key(label, phaseName(phase)));
    if (row == null) {
      throw new AssertionError("summary.csv has no row " + label + "/" + phaseName(phase)
          + "; rows: " + rows.keySet().stream().map(k -> k.replace('\u0000', '/')).toList());
    }
    if (!row.containsKey(column)) {
      throw new AssertionError("summary.csv has no column '" + column + "': " + headers);
    }
    return row.get(column);
  }

  /** One cell as a number. */
  public double number(String label, Phase phase, String column) {
    return Double.parseDouble(text(label, phase, column));
  }

  /** One cell as a whole number. */
  public long count(String label, Phase phase, String column) {
    return Long.parseLong(text(label, phase, column));
  }
}
