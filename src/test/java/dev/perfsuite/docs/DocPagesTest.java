package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One page per task, each short enough to read: a task page says first what the reader wants to
 * do and ends with its traps, the README's map links it, and no user page grows past
 * {@value #MAX_LINES} lines (measurement history goes to {@code docs/engineering/}).
 */
class DocPagesTest {
  static final int MAX_LINES = 300;
  static final Path DOCS = Path.of("docs");
  /** The pages a user finds each task on (configuration is generated, and checked elsewhere). */
  static final List<String> TASK_PAGES = List.of(
      "writing-a-scenario.md", "scenarios.md", "backends.md", "jmx.md", "distributed.md",
      "results.md", "nightly.md", "your-project.md", "latency.md", "virtual-users.md",
      "performance.md");

  @Test
  void shouldKeepEveryUserPageWithinItsLineBudget() throws IOException {
    List<String> tooLong = new ArrayList<>();
    for (Path page : userPages()) {
      int lines = lines(page).size();
      if (lines > MAX_LINES) {
        tooLong.add(page + ": " + lines);
      }
    }
    assertThat(tooLong)
        .as("user pages over %d lines (split by task, or move dated series to %s)", MAX_LINES,
            DocWordsTest.ENGINEERING)
        .isEmpty();
  }

  @Test
  void shouldOpenEachTaskPageWithWhatTheReaderWantsAndEndWithTheTraps() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (String name : TASK_PAGES) {
      List<String> page = lines(DOCS.resolve(name));
      if (!firstParagraph(page).contains("You want")) {
        wrong.add(name + ": the first paragraph does not say what the reader wants (\"You want\")");
      }
      List<String> headings = page.stream().filter(l -> l.startsWith("## ")).toList();
      if (headings.isEmpty() || !headings.get(headings.size() - 1).equals("## Traps")) {
        wrong.add(name + ": the last section is not \"## Traps\"");
      }
    }
    assertThat(wrong).as("task pages out of shape").isEmpty();
  }

  @Test
  void shouldMapEveryTaskPageFromTheReadme() throws IOException {
    String readme = String.join("\n", lines(ReadmeTest.README));
    List<String> unmapped = TASK_PAGES.stream()
        .filter(name -> !readme.contains("](docs/" + name + ")")).toList();

    assertThat(unmapped).as("task pages the README's map does not link").isEmpty();
    assertThat(readme).as("the README's map links the generated configuration reference")
        .contains("](docs/reference/configuration.md)");
  }

  @Test
  void shouldTakeTheFirstParagraphAfterTheTitle() {
    List<String> page = List.of("# Title", "", "You want to run it,", "and read it.", "",
        "Then more.");

    assertThat(firstParagraph(page)).as("the paragraph after the title")
        .isEqualTo("You want to run it, and read it.");
  }

  /** Every Markdown page under docs/ but the engineering record. */
  static List<Path> userPages() throws IOException {
    try (Stream<Path> docs = Files.walk(DOCS)) {
      return docs.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> !p.startsWith(DocWordsTest.ENGINEERING)).sorted().toList();
    }
  }

  /** The first paragraph after the page's title, its lines joined by spaces. */
  static String firstParagraph(List<String> page) {
    List<String> paragraph = new ArrayList<>();
    for (String line : page.subList(1, page.size())) {
      if (line.isBlank()) {
        if (!paragraph.isEmpty()) {
          break;
        }
      } else {
        paragraph.add(line.strip());
      }
    }
    return String.join(" ", paragraph);
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
