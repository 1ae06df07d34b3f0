package dev.perfsuite.sla;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders verdict rows as plain text and as Markdown, from the same cells; reports render the
 * cells in their own formats ({@link SlaVerdict#cells}).
 */
final class VerdictTable {

  static final List<String> HEADER =
      List.of("Scope", "Metric", "Expected", "Actual", "Verdict", "Detail");

  private VerdictTable() {
  }

  static String text(List<ThresholdResult> results) {
    List<List<String>> rows = rows(results);
    int[] widths = new int[HEADER.size()];
    for (List<String> row : rows) {
      for (int i = 0; i < widths.length; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    List<String> lines = new ArrayList<>();
    lines.add(line(rows.get(0), widths));
    List<String> rules = new ArrayList<>();
    for (int width : widths) {
      rules.add("-".repeat(width));
    }
    lines.add(String.join("-+-", rules));
    for (List<String> row : rows.subList(1, rows.size())) {
      lines.add(line(row, widths));
    }
    return String.join("\n", lines);
  }

  /** The cells of every row, without the header. */
  static List<List<String>> cells(List<ThresholdResult> results) {
    List<List<String>> rows = rows(results);
    return rows.subList(1, rows.size());
  }

  static String markdown(List<ThresholdResult> results) {
    List<List<String>> rows = rows(results);
    List<String> lines = new ArrayList<>();
    lines.add(markdownLine(rows.get(0)));
    lines.add("|" + " --- |".repeat(HEADER.size()));
    for (List<String> row : rows.subList(1, rows.size())) {
      lines.add(markdownLine(row));
    }
    return String.join("\n", lines);
  }

  private static List<List<String>> rows(List<ThresholdResult> results) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(HEADER);
    for (ThresholdResult result : results) {
      Threshold threshold = result.threshold();
      rows.add(List.of(threshold.scopeName(), threshold.metric().displayName(),
          threshold.expected(), result.actualText(), result.verdict(), result.detail()));
    }
    return rows;
  }

  private static String line(List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        line.append(" | ");
      }
      line.append(cells.get(i));
      line.append(" ".repeat(widths[i] - cells.get(i).length()));
    }
    return line.toString().stripTrailing();
  }

  private static String markdownLine(List<String> cells) {
    return cells.stream()
        .map(cell -> cell.replace("|", "\\|").replace("\n", " "))
        .collect(Collectors.joining(" | ", "| ", " |"));
  }
}
