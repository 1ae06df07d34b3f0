package dev.perfsuite.reporting;

import java.util.List;

/** Renders rows of cells as CSV (RFC 4180 quoting) or as an aligned Markdown table. */
public final class Tables {

  private Tables() {
  }

  /** CSV with a header line; cells holding commas, quotes or newlines are quoted. */
  public static String csv(List<String> headers, List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    line(out, headers);
    rows.forEach(r -> line(out, r));
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
        cell = '"' + cell.replace("\"", "\"\"") + '"';
      }
      out.append(i == 0 ? "" : ",").append(cell);
    }
    out.append('\n');
  }

  /** A GitHub Markdown table with columns padded to their widest cell, for console and files. */
  public static String markdown(List<String> headers, List<List<String>> rows) {
    int[] widths = new int[headers.size()];
    for (int i = 0; i < headers.size(); i++) {
      widths[i] = Math.max(3, headers.get(i).length());
    }
    for (List<String> row : rows) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).replace("|", "\\|").length());
      }
    }
    StringBuilder out = new StringBuilder();
    mdLine(out, headers, widths);
    out.append('|');
    for (int width : widths) {
      out.append('-').append("-".repeat(width)).append("-|");
    }
    out.append('\n');
    rows.forEach(r -> mdLine(out, r, widths));
    return out.toString();
  }

  private static void mdLine(StringBuilder out, List<String> cells, int[] widths) {
    out.append('|');
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i).replace("|", "\\|");
      out.append(' ').append(cell).append(" ".repeat(widths[i] - cell.length())).append(" |");
    }
    out.append('\n');
  }

  /** An HTML table with a header row; every cell is escaped. */
  public static String html(List<String> headers, List<List<String>> rows) {
    StringBuilder out = new StringBuilder("<table class=\"perf-table\" style=\"border-collapse:"
        + "collapse;font:12px sans-serif\">\n<thead><tr>");
    headers.forEach(h -> out.append("<th style=\"border:1px solid #ccc;padding:3px 6px;"
        + "background:#f3f3f3\">").append(escape(h)).append("</th>"));
    out.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : rows) {
      out.append("<tr>");
      row.forEach(c -> out.append("<td style=\"border:1px solid #ccc;padding:3px 6px;"
          + "text-align:right\">").append(escape(c)).append("</td>"));
      out.append("</tr>\n");
    }
    return out.append("</tbody></table>\n").toString();
  }

  /** Text made safe inside HTML. */
  public static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
