package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Main code holds no scenario knowledge: outside comments, no class under
 * {@code src/main/java} names a seed system or one of its services, realms or clients. Systems
 * declare those through the extension points (docs/writing-a-scenario.md).
 *
 * <p>{@code -Dseed-knowledge.root=DIR} scans another tree, e.g. an older checkout.
 */
class SeedKnowledgeTest {
  /** Seed systems and the service, realm and client names only they use. */
  static final Pattern SEED = Pattern.compile("(?i)sunbird|mosip|wso2|choreo|portal");

  @Test
  void shouldNameNoSeedSystemInMainCodeOutsideComments() throws IOException {
    Path root = Path.of(System.getProperty("seed-knowledge.root", "src/main/java"));
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        found.addAll(mentions(root.relativize(file).toString(), Files.readString(file)));
      }
    }

    assertThat(found).as("seed knowledge in main code; declare it beside the scenarios "
        + "(LocalServices, ConfigKeys, NamedProfiles, KeycloakRealms, ReportTable)").isEmpty();
  }

  @Test
  void shouldIgnoreCommentsButNotStringsOrIdentifiers() {
    String source = """
        /** Reproduces Sunbird's table. */
        class A { // MOSIP says
          /* WSO2 */ String s = "http://x/*";
          String t = "sunbird";
          int choreoCells;
          char c = '"'; // wso2
        }
        """;

    assertThat(mentions("A.java", source)).containsExactly(
        "A.java:4: String t = \"sunbird\";", "A.java:5: int choreoCells;");
  }

  /** Lines of {@code source} naming a seed outside comments, as {@code file:line: code}. */
  static List<String> mentions(String file, String source) {
    String[] lines = withoutComments(source).split("\n", -1);
    List<String> found = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      Matcher matcher = SEED.matcher(lines[i]);
      if (matcher.find()) {
        found.add(file + ":" + (i + 1) + ": " + lines[i].trim());
      }
    }
    return found;
  }

  /** The source with comments blanked (line breaks kept), string and char literals intact. */
  static String withoutComments(String source) {
    StringBuilder out = new StringBuilder(source.length());
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (source.startsWith("//", i)) {
        while (i < source.length() && source.charAt(i) != '\n') {
          i++;
        }
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        end = end < 0 ? source.length() : end + 2;
        source.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
        i = end;
      } else if (source.startsWith("\"\"\"", i)) {
        int end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? source.length() : end + 3;
        out.append(source, i, end);
        i = end;
      } else if (c == '"' || c == '\'') {
        int end = i + 1;
        while (end < source.length() && source.charAt(end) != c) {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(end + 1, source.length());
        out.append(source, i, end);
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
