package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README stays a front door: short, and its first scenario is the compiled, running
 * {@code FirstScenarioIT} rather than a copy that can drift from the API.
 */
class ReadmeTest {
  static final Path README = Path.of("README.md");
  static final Path FIRST_SCENARIO = Path.of(
      "src/test/java/dev/perfsuite/scenarios/example/FirstScenarioIT.java");
  private static final String SNIPPET_MARKER =
      "<!-- first scenario: " + FIRST_SCENARIO.toString().replace('\\', '/') + " -->";
  private static final int MAX_LINES = 150;

  @Test
  void shouldKeepTheReadmeWithinItsLineBudget() throws IOException {
    assertThat(lines(README)).as("README.md lines (move detail to a docs/ page in its map)")
        .hasSizeLessThanOrEqualTo(MAX_LINES);
  }

  @Test
  void shouldShowTheFirstScenarioExactlyAsItCompiles() throws IOException {
    List<String> source = lines(FIRST_SCENARIO);
    List<String> region = source.subList(
        source.indexOf("// README first scenario: begin") + 1,
        source.indexOf("// README first scenario: end"));
    assertThat(region).as("the marked region of %s", FIRST_SCENARIO).hasSizeBetween(15, 30);

    assertThat(javaBlockAfter(lines(README), SNIPPET_MARKER))
        .as("README's first scenario against the marked region of %s: copy one onto the other",
            FIRST_SCENARIO)
        .isEqualTo(region);
  }

  /** The lines of the first fenced Java block after the marker line. */
  static List<String> javaBlockAfter(List<String> readme, String marker) {
    int at = readme.indexOf(marker);
    assertThat(at).as("README line %s", marker).isNotNegative();
    int open = readme.subList(at, readme.size()).indexOf("```java") + at;
    assertThat(open).as("a ```java block after %s", marker).isGreaterThan(at);
    int close = readme.subList(open + 1, readme.size()).indexOf("```") + open + 1;
    assertThat(close).as("the end of the ```java block").isGreaterThan(open);
    return readme.subList(open + 1, close);
  }

  static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
