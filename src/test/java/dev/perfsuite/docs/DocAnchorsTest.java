package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A link to a section ({@code performance.md#the-http-client}, {@code #error-causes}) finds that
 * section: when a page is split or a heading renamed, the links into it fail here, not in a
 * reader's browser. Anchors are GitHub's: the heading in lower case, punctuation dropped, spaces
 * as dashes.
 */
class DocAnchorsTest {
  @Test
  void shouldFindTheSectionOfEveryLinkWithAnAnchor() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : DocLinksTest.pages()) {
      for (String target : DocLinksTest.links(read(page))) {
        int hash = target.indexOf('#');
        if (hash < 0) {
          continue;
        }
        Path file = hash == 0 ? page
            : page.toAbsolutePath().getParent().resolve(target.substring(0, hash)).normalize();
        if (file.toString().endsWith(".md") && Files.isRegularFile(file)
            && !anchors(read(file)).contains(target.substring(hash + 1))) {
          broken.add(page + " -> " + target);
        }
      }
    }
    assertThat(broken).as("links whose section does not exist (renamed or moved?)").isEmpty();
  }

  @Test
  void shouldMakeAnchorsAsGithubDoes() {
    assertThat(anchors(List.of("## 50,000 users on one generator", "### `perf.users.threads`",
        "## Peers in the same run (PeersBench)", "```", "## not a heading", "```")))
        .as("anchors of the headings outside code")
        .containsExactlyInAnyOrder("50000-users-on-one-generator", "perfusersthreads",
            "peers-in-the-same-run-peersbench");
  }

  /** The anchors of a page's headings, fenced code left out. */
  static Set<String> anchors(List<String> page) {
    List<String> headings = new ArrayList<>();
    boolean code = false;
    for (String line : page) {
      if (line.strip().startsWith("```")) {
        code = !code;
      } else if (!code && line.matches("#{1,6} .*")) {
        headings.add(line.replaceFirst("^#+ ", ""));
      }
    }
    return headings.stream().map(h -> h.strip().toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-')).collect(Collectors.toSet());
  }

  private static List<String> read(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
