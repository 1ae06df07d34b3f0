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
 * A class the user pages name by its package ({@code engines.RunExecution},
 * {@code dev.perfsuite.users.UserGroup}) exists under {@code src/main} or {@code src/test}, so
 * the pages' tables of who writes what and where a concern lives follow renames and moves.
 */
class DocCodeNamesTest {
  static final Path MAIN = Path.of("src", "main", "java", "dev", "perfsuite");
  static final Path TEST = Path.of("src", "test", "java", "dev", "perfsuite");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  /** Lower-case package segments, then a class name (a nested class after it is not checked). */
  private static final Pattern QUALIFIED =
      Pattern.compile("(?<![\\w.])((?:[a-z][a-z0-9]*\\.)+)([A-Z][A-Za-z0-9]*)");

  @Test
  void shouldNameOnlyClassesThatExist() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ReadmeTest.README, Path.of("bench", "README.md"),
        Path.of("docker", "README.md")));
    pages.addAll(DocPagesTest.userPages());
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (Path page : pages) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher code = CODE.matcher(lines.get(i));
        while (code.find()) {
          Matcher name = QUALIFIED.matcher(code.group(1));
          while (name.find()) {
            Path source = source(name.group(1), name.group(2));
            if (source == null) {
              continue;
            }
            checked++;
            if (!Files.exists(MAIN.resolve(source)) && !Files.exists(TEST.resolve(source))) {
              missing.add(page + ":" + (i + 1) + ": " + name.group());
            }
          }
        }
      }
    }
    assertThat(checked).as("class names checked in the pages").isGreaterThan(20);
    assertThat(missing).as("classes named in the pages that are in neither source tree")
        .isEmpty();
  }

  @Test
  void shouldResolveNamesRelativeToTheSuitesPackagesOnly() {
    assertThat(source("engines.", "RunExecution")).as("a suite package")
        .isEqualTo(Path.of("engines", "RunExecution.java"));
    assertThat(source("dev.perfsuite.users.", "UserGroup")).as("a full name")
        .isEqualTo(Path.of("users", "UserGroup.java"));
    assertThat(source("org.apache.jmeter.", "JMeter")).as("another library's class").isNull();
  }

  /** The source file of {@code packages + simple} under a source root, or null if not ours. */
  static Path source(String packages, String simple) {
    List<String> segments = new ArrayList<>(List.of(packages.split("\\.")));
    if (segments.size() >= 2 && segments.get(0).equals("dev")
        && segments.get(1).equals("perfsuite")) {
      segments = segments.subList(2, segments.size());
    }
    if (segments.isEmpty() || !Files.isDirectory(MAIN.resolve(segments.get(0)))) {
      return null;
    }
    return Path.of(String.join("/", segments), simple + ".java");
  }
}
