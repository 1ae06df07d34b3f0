package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps every Javadoc summary under {@code src/main/java} short enough to read at a glance.
 *
 * <p>The summary is what an IDE shows beside a name and what the package pages list: one
 * sentence saying what the element is or does. Units, defaults and traps follow it.
 */
class JavadocSummaryTest {
  private static final int MOST_WORDS = 25;
  private static final Path MAIN = Path.of("src", "main", "java");
  /** A link's target: a name, or a member with its parameter types (spaces allowed there). */
  private static final String TARGET = "[^\\s{}(]+(?:\\([^)]*\\))?";
  private static final Pattern LINK_WITH_LABEL =
      Pattern.compile("\\{@link(?:plain)?\\s+" + TARGET + "\\s+([^{}]*)}");
  private static final Pattern LINK =
      Pattern.compile("\\{@link(?:plain)?\\s+(" + TARGET + ")\\s*}");
  private static final Pattern INLINE_TAG = Pattern.compile("\\{@\\w+\\s+([^{}]*)}");
  private static final Pattern ABBREVIATION = Pattern.compile("\\b(e\\.g|i\\.e|etc|vs|cf)\\.");
  private static final Pattern SENTENCE_END = Pattern.compile("[.?!](?=\\s|$)");

  @Test
  void shouldKeepEveryJavadocSummaryWithinTheLimit() throws IOException {
    List<String> longer = new ArrayList<>();
    try (Stream<Path> sources = Files.walk(MAIN)) {
      for (Path source : sources.filter(path -> path.toString().endsWith(".java"))
          .sorted().toList()) {
        longer.addAll(longSummaries(source));
      }
    }

    assertThat(longer)
        .as("Javadoc summaries over %d words (file:line: say what it is in one sentence, then "
            + "units, defaults and traps in the next)", MOST_WORDS)
        .isEmpty();
  }

  @Test
  void shouldEndTheSummaryAtTheFirstSentenceWhenTagsAndAbbreviationsIntervene() {
    assertThat(summary(List.of("/**", " * Reads {@link Foo#bar the bar}, e.g. {@code x.y}. More.",
        " */"))).as("labels and code kept, abbreviation not an end").isEqualTo(
            "Reads the bar, e.g. x.y.");
    assertThat(summary(List.of("/** The {@link Foo} of a <em>run</em>. */")))
        .as("one-line comment, plain link and HTML").isEqualTo("The Foo of a run .");
    assertThat(summary(List.of("/** As {@link #load(Path, Map)}, {@link #add(A, B) adding}. */")))
        .as("links to members with parameters").isEqualTo("As load(Path, Map), adding.");
    assertThat(summary(List.of("/**", " * No period before the tags", " *", " * @param a an a",
        " */"))).as("block tags end the text").isEqualTo("No period before the tags");
  }

  /** {@code file:line: N words: summary} for each Javadoc of {@code source} over the limit. */
  private static List<String> longSummaries(Path source) throws IOException {
    List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
    List<String> found = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).strip().startsWith("/**")) {
        continue;
      }
      int end = i;
      while (end < lines.size() - 1 && !lines.get(end).contains("*/")) {
        end++;
      }
      String summary = summary(lines.subList(i, end + 1));
      int words = summary.isEmpty() ? 0 : summary.split("\\s+").length;
      if (words > MOST_WORDS) {
        found.add(source.toString().replace('\\', '/') + ":" + (i + 1) + ": " + words
            + " words: " + summary);
      }
      i = end;
    }
    return found;
  }

  /** The first sentence of a Javadoc comment's lines, inline tags and HTML reduced to text. */
  static String summary(List<String> comment) {
    StringBuilder text = new StringBuilder();
    for (String line : comment) {
      String body = line.strip();
      body = body.startsWith("/**") ? body.substring(3) : body;
      body = body.endsWith("*/") ? body.substring(0, body.length() - 2) : body;
      body = body.startsWith("*") ? body.substring(1) : body;
      if (body.strip().startsWith("@")) {
        break;
      }
      text.append(' ').append(body);
    }
    String plain = text.toString();
    for (int pass = 0; pass < 3; pass++) {
      plain = LINK_WITH_LABEL.matcher(plain).replaceAll("$1");
      plain = LINK.matcher(plain).replaceAll(
          m -> Matcher.quoteReplacement(m.group(1).substring(m.group(1).indexOf('#') + 1)));
      plain = INLINE_TAG.matcher(plain).replaceAll("$1");
    }
    plain = plain.replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").strip();
    String masked = ABBREVIATION.matcher(plain).replaceAll(m -> m.group(1) + "\u0000");
    Matcher end = SENTENCE_END.matcher(masked);
    String first = end.find() ? masked.substring(0, end.end()) : masked;
    return first.replace('\u0000', '.');
  }
}
