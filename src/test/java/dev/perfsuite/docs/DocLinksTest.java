package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the READMEs and the pages under {@code docs/} points to a file or
 * directory that exists, so the README's map and the pages' cross-references cannot go stale.
 */
class DocLinksTest {
  /** An inline Markdown link or image: the target up to the first space or closing paren. */
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)[^)]*\\)");
  /**
   * Pages that other branches write at the same time as the README's map that links
   * them. Tolerated while missing; once one exists it is checked like any page and must be
   * removed from here (the test says so).
   */
  private static final Set<String> WRITTEN_ON_OTHER_BRANCHES = Set.of();

  @Test
  void shouldResolveEveryRelativeLinkOfTheReadmeAndTheDocs() throws IOException {
    List<String> broken = new ArrayList<>();
    List<String> arrived = new ArrayList<>();
    for (Path page : pages()) {
      for (String target : relativeLinks(Files.readAllLines(page, StandardCharsets.UTF_8))) {
        Path file = page.toAbsolutePath().getParent().resolve(target).normalize();
        String fromRoot = Path.of("").toAbsolutePath().relativize(file).toString()
            .replace('\\', '/');
        if (WRITTEN_ON_OTHER_BRANCHES.contains(fromRoot)) {
          if (Files.exists(file)) {
            arrived.add(fromRoot);
          }
        } else if (!Files.exists(file)) {
          broken.add(page + " -> " + target);
        }
      }
    }
    assertThat(broken).as("relative links whose file does not exist").isEmpty();
    assertThat(arrived).as("pages now merged: remove them from WRITTEN_ON_OTHER_BRANCHES")
        .isEmpty();
  }

  @Test
  void shouldFindLinksOutsideCodeAndSkipUrlsAndAnchors() {
    List<String> links = relativeLinks(List.of(
        "See [the map](docs/architecture.md#packages) and ![chart](img/a.png \"title\").",
        "[site](https://example.org) [here](#top) [mail](mailto:a@b.c)",
        "```", "[in code](nowhere.md)", "```"));

    assertThat(links).as("relative link targets, fragments dropped")
        .containsExactly("docs/architecture.md", "img/a.png");
  }

  /** README.md, the bench's and the images' READMEs, and every Markdown page under docs/. */
  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("bench", "README.md"),
        Path.of("docker", "README.md")));
    try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** Link targets outside fenced code, without URLs, pure anchors or the #fragment. */
  static List<String> relativeLinks(List<String> lines) {
    List<String> targets = new ArrayList<>();
    for (String target : links(lines)) {
      if (!target.startsWith("#")) {
        int fragment = target.indexOf('#');
        targets.add(fragment < 0 ? target : target.substring(0, fragment));
      }
    }
    return targets;
  }

  /** Link targets outside fenced code, URLs left out, fragments kept. */
  static List<String> links(List<String> lines) {
    List<String> targets = new ArrayList<>();
    boolean code = false;
    for (String line : lines) {
      if (line.strip().startsWith("```")) {
        code = !code;
        continue;
      }
      Matcher link = LINK.matcher(code ? "" : line);
      while (link.find()) {
        String target = link.group(1);
        if (!target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          targets.add(target);
        }
      }
    }
    return targets;
  }
}
