package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The generator figures of {@code docs/performance.md} are the benches' own: a section that names
 * its bench file ({@code bench/reports/NAME.md}, written by the bench as it ran) shows in its
 * tables only figures that file holds, so a rerun that replaces the file without the page fails
 * here.
 */
class BenchReportsTest {
  private static final Path REPORTS = Path.of("bench", "reports");
  private static final Pattern REPORT_LINK =
      Pattern.compile("\\(\\.\\./bench/reports/([a-z-]+\\.md)\\)");
  /** A figure: digits with decimals, a range kept whole; thousands commas removed first. */
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)?(?:-\\d+(?:\\.\\d+)?)?(?![\\w])");

  @Test
  void shouldShowOnlyFiguresOfTheBenchFileEachSectionNames() throws IOException {
    Map<String, List<String>> rowsByReport = tableRowsByReport(
        Files.readAllLines(DocFiguresTest.PERFORMANCE));
    assertThat(rowsByReport).as("sections of %s that name a bench file",
        DocFiguresTest.PERFORMANCE).containsKeys("peers.md", "users-peers.md", "users.md");

    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, List<String>> entry : rowsByReport.entrySet()) {
      Path report = REPORTS.resolve(entry.getKey());
      assertThat(report).as("the bench file a section names").exists();
      List<String> reportFigures = figures(Files.readString(report));
      for (String row : entry.getValue()) {
        for (String figure : figures(row)) {
          if (!reportFigures.contains(figure)) {
            missing.add(entry.getKey() + ": " + figure + " in " + row);
          }
        }
      }
    }
    assertThat(missing).as("table figures their bench file does not hold").isEmpty();
  }

  @Test
  void shouldDateEveryBenchFile() throws IOException {
    try (var files = Files.list(REPORTS)) {
      List<Path> reports = files.filter(p -> !p.endsWith("README.md"))
          .filter(p -> p.toString().endsWith(".md")).toList();
      assertThat(reports).as("bench files").isNotEmpty();
      for (Path report : reports) {
        assertThat(Files.readString(report)).as("%s: when, on what, under which load", report)
            .containsPattern("_Measured 20\\d\\d-[01]\\d-[0-3]\\dT")
            .contains("load average");
      }
    }
  }

  /** The table rows (header and rule left out) of each section, by the bench file it names. */
  private static Map<String, List<String>> tableRowsByReport(List<String> page) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    String report = null;
    boolean header = false;
    for (String line : page) {
      if (line.startsWith("## ")) {
        report = null;
        continue;
      }
      Matcher link = REPORT_LINK.matcher(line);
      if (link.find() && report == null) {
        report = link.group(1);
        rows.computeIfAbsent(report, r -> new ArrayList<>());
      }
      if (!line.startsWith("|")) {
        header = true;
        continue;
      }
      if (header || line.startsWith("|---")) {
        header = false;
        continue;
      }
      if (report != null) {
        rows.get(report).add(line);
      }
    }
    return rows;
  }

  private static List<String> figures(String text) {
    List<String> figures = new ArrayList<>();
    Matcher number = NUMBER.matcher(text.replaceAll("(?<=\\d),(?=\\d{3})", ""));
    while (number.find()) {
      figures.add(number.group());
    }
    return figures;
  }
}
