package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Jobs the suite does in one place only, so that their error handling is decided once: deleting
 * a directory tree ({@code files.DirectoryTree}) and setting up headless chart rendering
 * ({@code charts.PngCharts}). Reads the sources under {@code src/main/java} and
 * {@code src/test/java}.
 */
class OneHelperPerJobTest {
  static final Path MAIN = Path.of("src", "main", "java");
  private static final List<Path> SOURCES = List.of(MAIN, Path.of("src", "test", "java"));
  private static final String DIRECTORY_TREE = "dev/perfsuite/files/DirectoryTree.java";
  private static final Path ARCHITECTURE = Path.of("dev", "perfsuite", "architecture");

  @Test
  void shouldDeleteDirectoryTreesOnlyThroughDirectoryTree() {
    // A walk sorted deepest first, then deleted: the recursive delete, however it is spelt.
    List<String> copies = sources(text -> text.contains("Files.walk(")
        && (text.contains("reverseOrder()") || text.contains("getNameCount()"))
        && text.matches("(?s).*\\.delete(IfExists)?\\(.*"));

    assertThat(copies).as("sources deleting a directory tree themselves")
        .containsExactly(DIRECTORY_TREE);
  }

  @Test
  void shouldSetUpHeadlessChartsOnlyInPngCharts() {
    assertThat(sources(text -> text.contains("\"java.awt.headless\"")))
        .as("sources setting java.awt.headless")
        .containsExactly("dev/perfsuite/charts/PngCharts.java");
  }

  @Test
  void shouldRenderChartsOnlyThroughPngCharts() {
    assertThat(sources(text -> text.contains("ChartUtils.")))
        .as("sources rendering a JFreeChart themselves")
        .containsExactly("dev/perfsuite/charts/PngCharts.java");
  }

  /**
   * Sources (relative to their root, '/'-separated) whose text matches; the architecture tests,
   * which spell the patterns they look for, are left out.
   */
  private static List<String> sources(Predicate<String> matching) {
    return sources(SOURCES, matching);
  }

  /** As {@link #sources(Predicate)}, under {@code roots} only. */
  static List<String> sources(List<Path> roots, Predicate<String> matching) {
    List<String> found = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java"))
            .filter(f -> !f.startsWith(root.resolve(ARCHITECTURE))).sorted().toList()) {
          if (matching.test(Files.readString(file, StandardCharsets.UTF_8))) {
            found.add(root.relativize(file).toString().replace('\\', '/'));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the sources under " + root, e);
      }
    }
    return found;
  }
}
