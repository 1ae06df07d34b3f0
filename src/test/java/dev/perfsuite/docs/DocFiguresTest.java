package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A figure a user reads carries what produced it and when: the README's generator figures and
 * the "at a glance" table of {@code docs/performance.md} name their bench and date, and anywhere
 * in the user pages a load average comes with the date it was read on (without one it is a note
 * about one afternoon's machine, not a figure).
 */
class DocFiguresTest {
  static final Path PERFORMANCE = Path.of("docs", "performance.md");
  static final String README_FIGURES = "## What one generator does";
  static final String AT_A_GLANCE = "## At a glance";
  /** A bench, test or run class in backticks: the producer of a figure. */
  private static final Pattern PRODUCER =
      Pattern.compile("`[A-Z][A-Za-z0-9]*(?:Bench|IT|Test|Run)`");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  private static final Pattern LOAD = Pattern.compile("\\bload (?:average )?(?:of )?\\d");
  /** A figure: digits with thousands commas or decimals, a range kept whole (4-6, 0.6-1.2). */
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\w.])\\d+(?:[.,]\\d+)*(?:-\\d+(?:[.,]\\d+)*)?(?![\\w])");

  @Test
  void shouldNameProducerAndDateOfEveryReadmeFigure() throws IOException {
    List<String> paragraphs = paragraphs(section(lines(ReadmeTest.README), README_FIGURES));

    assertThat(paragraphs).as("paragraphs of the README's '%s'", README_FIGURES).isNotEmpty();
    assertThat(paragraphs.stream().filter(p -> !PRODUCER.matcher(p).find()
            || !DATE.matcher(p).find()).toList())
        .as("README figures without a producer (`XBench`) or a date (yyyy-mm-dd)").isEmpty();
  }

  @Test
  void shouldShowInTheReadmeOnlyFiguresOfThePerformancePage() throws IOException {
    String performance = String.join("\n", lines(PERFORMANCE));
    List<String> figures = new ArrayList<>();
    for (String paragraph : paragraphs(section(lines(ReadmeTest.README), README_FIGURES))) {
      Matcher number = NUMBER.matcher(paragraph.replaceAll("\\]\\([^)]*\\)", "]"));
      while (number.find()) {
        figures.add(number.group());
      }
    }
    assertThat(figures).as("figures of the README's '%s'", README_FIGURES).isNotEmpty();
    assertThat(figures.stream().filter(f -> !performance.contains(f)).distinct().toList())
        .as("README figures %s does not show (one current table: change both)", PERFORMANCE)
        .isEmpty();
  }

  @Test
  void shouldNameProducerAndDateOfEveryRowAtAGlance() throws IOException {
    List<String> rows = section(lines(PERFORMANCE), AT_A_GLANCE).stream()
        .filter(l -> l.startsWith("|") && !l.startsWith("|---") && !l.startsWith("| what "))
        .toList();

    assertThat(rows).as("rows of %s's '%s' table", PERFORMANCE, AT_A_GLANCE).isNotEmpty();
    assertThat(rows.stream().filter(r -> !PRODUCER.matcher(r).find()
            || !DATE.matcher(r).find()).toList())
        .as("rows without a producer or a date").isEmpty();
  }

  @Test
  void shouldDateEveryLoadAverageOfTheUserPages() throws IOException {
    List<String> undated = new ArrayList<>();
    List<Path> pages = new ArrayList<>(List.of(ReadmeTest.README));
    pages.addAll(DocPagesTest.userPages());
    for (Path page : pages) {
      for (String paragraph : paragraphs(lines(page))) {
        if (LOAD.matcher(paragraph).find() && !DATE.matcher(paragraph).find()) {
          undated.add(page + ": " + paragraph);
        }
      }
    }
    assertThat(undated).as("a load average without the date it was read on").isEmpty();
  }

  @Test
  void shouldSplitParagraphsAndTableRowsOutsideCode() {
    List<String> text = List.of("A figure,", "load 4-6.", "", "| row | 1 |", "```", "load 3",
        "```", "Last.");

    assertThat(paragraphs(text)).as("paragraphs and rows, fenced code left out")
        .containsExactly("A figure, load 4-6.", "| row | 1 |", "Last.");
  }

  /** The lines under {@code heading}, up to the next heading of the same or a higher level. */
  static List<String> section(List<String> page, String heading) {
    int at = page.indexOf(heading);
    assertThat(at).as("the heading '%s'", heading).isNotNegative();
    int end = at + 1;
    while (end < page.size() && !page.get(end).matches("#{1,2} .*")) {
      end++;
    }
    return page.subList(at + 1, end);
  }

  /** Paragraphs (lines joined by spaces) and table rows, fenced code and headings left out. */
  static List<String> paragraphs(List<String> lines) {
    List<String> paragraphs = new ArrayList<>();
    List<String> current = new ArrayList<>();
    boolean code = false;
    for (String line : lines) {
      if (line.strip().startsWith("```")) {
        code = !code;
        continue;
      }
      if (code || line.startsWith("#")) {
        continue;
      }
      if (line.isBlank() || line.startsWith("|")) {
        if (!current.isEmpty()) {
          paragraphs.add(String.join(" ", current));
          current.clear();
        }
        if (line.startsWith("|")) {
          paragraphs.add(line);
        }
      } else {
        current.add(line.strip());
      }
    }
    if (!current.isEmpty()) {
      paragraphs.add(String.join(" ", current));
    }
    return paragraphs;
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
