package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Keeps every source under {@code src/main/java} within 400 lines: a larger one has two duties. */
class ClassSizeTest {
  private static final int MOST_LINES = 400;

  @Test
  void shouldKeepEveryMainSourceWithinFourHundredLines() throws IOException {
    List<String> larger;
    try (Stream<Path> sources = Files.walk(Path.of("src", "main", "java"))) {
      larger = sources.filter(path -> path.toString().endsWith(".java"))
          .filter(path -> lines(path) > MOST_LINES)
          .map(path -> path + ": " + lines(path) + " lines")
          .toList();
    }

    assertThat(larger).as("main sources over %d lines (split them by duty)", MOST_LINES)
        .isEmpty();
  }

  private static int lines(Path path) {
    try {
      return Files.readAllLines(path).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
