package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every {@code perf.*} key a user page names in code type is a key of the generated
 * configuration reference (itself checked against the code by {@code ConfigurationReferenceTest}),
 * and a value written beside a key of fixed choices ({@code perf.remotes.samples=all}) is one of
 * them, so a page cannot send a user to a key or mode that does not exist.
 */
class DocKeysTest {
  static final Path REFERENCE = Path.of("docs", "reference", "configuration.md");
  /** Names that look like keys but are something else, each with what it is. */
  static final Map<String, String> NOT_KEYS = Map.of(
      "perf.properties", "the properties file on the test class path",
      "perf.data.dir", "the JMeter property a remote engine's data files live under",
      "perf.sample", "the Micrometer timer of service times",
      "perf.response", "the Micrometer timer of response times",
      "perf.engine.work-dir", "a system property of the remote engine's JVM",
      "perf.test-history.dir", "a pom property of the test executions",
      "perf.groups", "the pom property selecting JUnit tags");
  /** A key in code type: dots and dashes, no camel case, not a method call. */
  private static final Pattern KEY = Pattern.compile(
      "(?<![\\w./-])(perf\\.[a-z][a-z0-9-]*+(?:\\.[a-z0-9][a-z0-9-]*+)*+)(?![\\w(])"
          + "(?:=([a-z][a-z0-9-]*))?");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern FAMILY = Pattern.compile("Key family: `(perf\\.[a-z.-]+)\\.<");
  private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]*");
  private static final Pattern ALIAS = Pattern.compile("([a-z][a-z0-9-]*)(?: =|:)");

  @Test
  void shouldNameOnlyKeysAndValuesTheReferenceHas() throws IOException {
    List<String> reference = lines(REFERENCE);
    Map<String, String> accepts = accepts(reference);
    List<String> families = reference.stream().map(FAMILY::matcher).filter(Matcher::find)
        .map(m -> m.group(1)).toList();
    List<Path> pages = new ArrayList<>(List.of(ReadmeTest.README));
    pages.addAll(DocPagesTest.userPages());
    pages.remove(REFERENCE);

    List<String> wrong = new ArrayList<>();
    for (Path page : pages) {
      List<String> text = lines(page);
      for (int i = 0; i < text.size(); i++) {
        Matcher code = CODE.matcher(text.get(i));
        while (code.find()) {
          Matcher key = KEY.matcher(code.group(1));
          while (key.find()) {
            String name = key.group(1);
            String value = key.group(2);
            if (accepts.containsKey(name)) {
              Set<String> choices = choices(accepts.get(name));
              if (value != null && !choices.isEmpty() && !choices.contains(value)) {
                wrong.add(page + ":" + (i + 1) + ": " + name + "=" + value + " (one of "
                    + choices + ")");
              }
            } else if (!NOT_KEYS.containsKey(name) && !families.contains(name)
                && families.stream().noneMatch(f -> name.startsWith(f + "."))) {
              wrong.add(page + ":" + (i + 1) + ": " + name + " is no key of " + REFERENCE);
            }
          }
        }
      }
    }
    assertThat(wrong).as("keys or values the configuration reference does not have").isEmpty();
  }

  @Test
  void shouldGiveTheReferenceDefaultInEveryKeyTable() throws IOException {
    Map<String, String> defaults = new LinkedHashMap<>();
    for (String line : lines(REFERENCE)) {
      if (line.startsWith("| `perf.")) {
        String[] cells = line.split("(?<!\\\\)\\|");
        defaults.put(cells[1].strip().replace("`", ""), leading(cells[3]));
      }
    }
    List<String> wrong = new ArrayList<>();
    for (Path page : DocPagesTest.userPages()) {
      boolean table = false;
      for (String line : lines(page)) {
        if (line.startsWith("| key | default |")) {
          table = true;
        } else if (!line.startsWith("|")) {
          table = false;
        } else if (table && line.startsWith("| `perf.")) {
          String[] cells = line.split("\\|");
          String key = cells[1].strip().replace("`", "");
          if (defaults.containsKey(key) && !leading(cells[2]).equals(defaults.get(key))) {
            wrong.add(page + ": " + key + " default " + leading(cells[2]) + ", reference "
                + defaults.get(key));
          }
        }
      }
    }
    assertThat(wrong).as("defaults in key tables that differ from %s", REFERENCE).isEmpty();
  }

  @Test
  void shouldReadChoicesAndAliasesOfAKey() {
    assertThat(choices("one of per-user, per-request, shared (keep-alive: per-user, its former "
        + "name)")).as("choices of perf.users.connections")
        .containsExactlyInAnyOrder("per-user", "per-request", "shared", "keep-alive");
    assertThat(choices("a positive whole number")).as("a key without fixed choices").isEmpty();
  }

  @Test
  void shouldFindKeysButNotCallsFilesOrCamelCase() {
    List<String> found = new ArrayList<>();
    Matcher key = KEY.matcher("perf.remotes.samples=all perf.judge(sla) perf.intendedStart "
        + "target/perf.x perf.hold");
    while (key.find()) {
      found.add(key.group());
    }
    assertThat(found).as("keys found").containsExactly("perf.remotes.samples=all", "perf.hold");
  }

  /** A default cell's value, its explanation in parentheses left out. */
  static String leading(String cell) {
    String value = cell.strip();
    int aside = value.indexOf(" (");
    return (aside < 0 ? value : value.substring(0, aside)).replace("`", "").strip();
  }

  /** Each key of the reference's table with its "accepts" cell. */
  static Map<String, String> accepts(List<String> reference) {
    Map<String, String> accepts = new LinkedHashMap<>();
    for (String line : reference) {
      if (line.startsWith("| `perf.")) {
        String[] cells = line.split("(?<!\\\\)\\|");
        accepts.put(cells[1].strip().replace("`", ""), cells[4].strip());
      }
    }
    assertThat(accepts).as("keys of %s", REFERENCE).hasSizeGreaterThan(50);
    return accepts;
  }

  /** The fixed choices of an "accepts" cell ({@code one of a, b (c: a)}), aliases included. */
  static Set<String> choices(String accepts) {
    Set<String> choices = new LinkedHashSet<>();
    if (!accepts.startsWith("one of ")) {
      return choices;
    }
    int aside = accepts.indexOf('(');
    Matcher word = WORD.matcher(accepts.substring(7, aside < 0 ? accepts.length() : aside));
    while (word.find()) {
      choices.add(word.group());
    }
    if (aside >= 0) {
      Matcher alias = ALIAS.matcher(accepts.substring(aside));
      while (alias.find()) {
        choices.add(alias.group(1));
      }
    }
    return choices;
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
