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
 * The generator figures of the README and {@code docs/performance.md} are the benches' own.
 *
 * <p>A section that names its bench file ({@code bench/reports/NAME.md}, written by the bench as
 * it ran) shows in its tables only figures that file holds; so do the README's figures and the
 * "at a glance" rows that name a bench {@code bench/reports/README.md} lists, with the date of
 * its file. A rerun that replaces a file without the pages fails here.
 *
 * <p>Clock times are left out of the comparison: a file records when its run ended, not when it
 * began. A range (load average 0.52-4.1) passes when the file holds both ends.
 */
class BenchReportsTest {
  private static final Path REPORTS = Path.of("bench", "reports");
  /** A row of {@code bench/reports/README.md}'s table: the file, then the bench that writes it. */
  private static final Pattern LISTED =
      Pattern.compile("^\\| `([a-z0-9-]+\\.md)` \\| `([A-Z][A-Za-z]*Bench)` \\|");
  private static final Pattern BENCH = Pattern.compile("`([A-Z][A-Za-z]*Bench)`");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  private static final Pattern MEASURED = Pattern.compile("_Measured (20\\d\\d-[01]\\d-[0-3]\\d)T");
  private static final Pattern JAVA = Pattern.compile(" VM (\\d+)\\.");
  /** A clock time or a span of them (12:26-12:30), with its zone. */
  private static final Pattern CLOCK =
      Pattern.compile("\\b\\d\\d:\\d\\d(?:-\\d\\d:\\d\\d)?(?: UTC)?");
  private static final Pattern REPORT_LINK =
      Pattern.compile("\\(\\.\\./bench/reports/([a-z0-9-]+\\.md)\\)");
  /** A figure: digits with decimals, a range kept whole; thousands commas removed first. */
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)?(?:-\\d+(?:\\.\\d+)?)?(?![\\w])");

  @Test
  void shouldShowOnlyFiguresOfTheBenchFileEachSectionNames() throws IOException {
    Map<String, List<String>> rowsByReport = tableRowsByReport(
        Files.readAllLines(DocFiguresTest.PERFORMANCE));
    assertThat(rowsByReport).as("sections of %s that name a bench file",
        DocFiguresTest.PERFORMANCE).containsKeys("peers.md", "users-peers.md",
        "users-peers-50k-gc-pause.md", "stall.md");

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

  @Test
  void shouldShowAtAGlanceOnlyFiguresAndDatesOfTheBenchFilesEachRowNames() throws IOException {
    List<String> rows = DocFiguresTest.section(Files.readAllLines(DocFiguresTest.PERFORMANCE),
        DocFiguresTest.AT_A_GLANCE).stream()
        .filter(l -> l.startsWith("|") && !l.startsWith("|---") && !l.startsWith("| what "))
        .toList();

    assertThat(rows).as("rows of %s's '%s'", DocFiguresTest.PERFORMANCE,
        DocFiguresTest.AT_A_GLANCE).anyMatch(r -> r.contains("`StallBench`"))
        .anyMatch(r -> r.contains("`SoakBench`"));
    assertThat(notInTheirFiles(rows)).as("'at a glance' figures or dates their bench files do "
        + "not hold").isEmpty();
  }

  @Test
  void shouldShowInTheReadmeOnlyFiguresAndDatesOfTheBenchFilesEachParagraphNames()
      throws IOException {
    List<String> paragraphs = DocFiguresTest.paragraphs(DocFiguresTest.section(
        Files.readAllLines(ReadmeTest.README), DocFiguresTest.README_FIGURES));

    assertThat(paragraphs).as("paragraphs of the README's '%s'", DocFiguresTest.README_FIGURES)
        .anyMatch(p -> p.contains("`StallBench`")).anyMatch(p -> p.contains("`SoakBench`"));
    assertThat(notInTheirFiles(paragraphs)).as("README figures or dates their bench files do "
        + "not hold").isEmpty();
  }

  @Test
  void shouldListEveryBenchFileWithItsBench() throws IOException {
    try (var files = Files.list(REPORTS)) {
      List<String> reports = files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".md") && !n.equals("README.md")).toList();
      assertThat(filesByBench()).as("bench files %s lists", REPORTS.resolve("README.md"))
          .satisfies(listed -> assertThat(listed.values().stream().flatMap(List::stream))
              .containsAll(reports))
          .containsKeys("StallBench", "SoakBench");
    }
  }

  /**
   * Of passages (paragraphs or rows) naming a bench with a file, what their files do not hold: a
   * figure, or a date other than a file's; or a passage with no date at all.
   */
  private static List<String> notInTheirFiles(List<String> passages) throws IOException {
    Map<String, List<String>> files = filesByBench();
    List<String> missing = new ArrayList<>();
    for (String passage : passages) {
      List<String> reportFigures = new ArrayList<>();
      List<String> dates = new ArrayList<>();
      Matcher bench = BENCH.matcher(passage);
      while (bench.find()) {
        for (String file : files.getOrDefault(bench.group(1), List.of())) {
          String report = Files.readString(REPORTS.resolve(file));
          reportFigures.addAll(figures(report));
          Matcher measured = MEASURED.matcher(report);
          while (measured.find()) {
            dates.add(measured.group(1));
          }
          // "Java 25" in a page: the feature release of the VM the file names.
          Matcher java = JAVA.matcher(report);
          while (java.find()) {
            reportFigures.add(java.group(1));
          }
        }
      }
      if (dates.isEmpty()) {
        continue;
      }
      String text = CLOCK.matcher(passage.replaceAll("\\]\\([^)]*\\)", "]")).replaceAll("");
      Matcher date = DATE.matcher(text);
      if (!date.find()) {
        missing.add("no date: " + passage);
      }
      date.reset();
      while (date.find()) {
        if (!dates.contains(date.group())) {
          missing.add(date.group() + " (files of " + dates + ") in " + passage);
        }
      }
      for (String figure : figures(date.replaceAll(""))) {
        if (!reportFigures.contains(figure)
            && !List.of(figure.split("-")).stream().allMatch(reportFigures::contains)) {
          missing.add(figure + " in " + passage);
        }
      }
    }
    return missing;
  }

  /** The bench files of each bench, as {@code bench/reports/README.md} lists them. */
  private static Map<String, List<String>> filesByBench() throws IOException {
    Map<String, List<String>> files = new LinkedHashMap<>();
    for (String line : Files.readAllLines(REPORTS.resolve("README.md"))) {
      Matcher listed = LISTED.matcher(line);
      if (listed.find()) {
        files.computeIfAbsent(listed.group(2), b -> new ArrayList<>()).add(listed.group(1));
      }
    }
    return files;
  }

  /** The table rows (header and rule left out) of each section, by the bench file it names. */
  private static Map<String, List<String>> tableRowsByReport(List<String> page) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    String report = null;
    boolean header = false;
    for (String line : page) {
      if (line.startsWith("## ") || line.startsWith("### ")) {
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
