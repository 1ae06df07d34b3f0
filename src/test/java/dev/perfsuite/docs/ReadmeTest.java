package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.jmx.JavaSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README stays a front door: short, and its first scenario is the compiled, running
 * {@code FirstScenarioIT}, imports included, rather than a copy that can drift from the API.
 */
class ReadmeTest {
  static final Path README = Path.of("README.md");
  static final Path FIRST_SCENARIO = Path.of(
      "src/test/java/dev/perfsuite/scenarios/example/FirstScenarioIT.java");
  private static final String SNIPPET_MARKER =
      "<!-- first scenario: " + FIRST_SCENARIO.toString().replace('\\', '/') + " -->";
  /** The first scenario shows its imports, ten lines more than the budget had before. */
  private static final int MAX_LINES = 160;
  /** What a scenario imports: the front door, jmeter-java-dsl's, and the JDK. */
  private static final String IMPORT = "import (static dev\\.perfsuite\\.Perf\\.[A-Za-z]+"
      + "|dev\\.perfsuite\\.Perf\\.[A-Z][A-Za-z]*"
      + "|static us\\.abstracta\\.jmeter\\.javadsl\\.JmeterDsl\\.[a-z][A-Za-z]*"
      + "|java\\.[a-z.]+\\.[A-Z][A-Za-z]*);";

  @Test
  void shouldKeepTheReadmeWithinItsLineBudget() throws IOException {
    assertThat(lines(README)).as("README.md lines (move detail to a docs/ page in its map)")
        .hasSizeLessThanOrEqualTo(MAX_LINES);
  }

  @Test
  void shouldShowTheFirstScenarioExactlyAsItCompiles() throws IOException {
    List<String> source = lines(FIRST_SCENARIO);
    assertThat(source.subList(0, 2)).as("%s starts with its package line", FIRST_SCENARIO)
        .containsExactly("package dev.perfsuite.scenarios.example;", "");

    assertThat(javaBlockAfter(lines(README), SNIPPET_MARKER))
        .as("README's first scenario against %s after its package line: copy one onto the "
            + "other", FIRST_SCENARIO)
        .isEqualTo(source.subList(2, source.size()));
  }

  @Test
  void shouldImportOnlyTheFrontDoorAndJmeterDslInTheFirstScenario() throws IOException {
    List<String> imports = javaBlockAfter(lines(README), SNIPPET_MARKER).stream()
        .filter(l -> l.startsWith("import ")).toList();
    assertThat(imports).as("the README scenario's imports").isNotEmpty()
        .anyMatch(l -> l.startsWith("import static dev.perfsuite.Perf."))
        .anyMatch(l -> l.startsWith("import static us.abstracta.jmeter.javadsl.JmeterDsl."));
    assertThat(imports.stream().filter(l -> !l.matches(IMPORT)).toList())
        .as("imports beyond dev.perfsuite.Perf, JmeterDsl and the JDK").isEmpty();
  }

  @Test
  void shouldCompileTheReadmeBlockAsShown(@TempDir Path dir) throws IOException {
    List<String> source = new ArrayList<>(List.of("package readme;", ""));
    source.addAll(javaBlockAfter(lines(README), SNIPPET_MARKER));
    Path file = Files.createDirectories(dir.resolve("readme")).resolve("FirstScenarioIT.java");
    Files.write(file, source, StandardCharsets.UTF_8);

    assertThat(JavaSources.compile(file, dir.resolve("classes")))
        .as("compiler errors of README's first scenario under a package line of its own")
        .isEmpty();
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
