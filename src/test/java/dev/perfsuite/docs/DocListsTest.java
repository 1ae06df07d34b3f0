package dev.perfsuite.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.ErrorCause;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lists in the docs that mirror the code stay its copy: the error causes users read in
 * {@code docs/results.md} are {@link ErrorCause}'s constants, and the images
 * {@code docker/README.md} names are the ones {@code pom.xml} declares. A list that drifted once
 * (five causes documented, eight in the code) fails here instead.
 */
class DocListsTest {
  static final Path RESULTS = Path.of("docs", "results.md");
  static final Path DOCKER = Path.of("docker", "README.md");
  static final Path POM = Path.of("pom.xml");
  static final Path DISTRIBUTED = Path.of("docs", "distributed.md");
  static final Path ARCHITECTURE = Path.of("docs", "architecture.md");
  static final Path MAIN = Path.of("src", "main", "java");
  static final String PROPERTIES_HEADING = "### JMeter and system properties the suite writes";
  /** A property the main code sets JVM-wide by its literal name. */
  private static final Pattern SET_PROPERTY =
      Pattern.compile("(?:System|JMeterUtils|Security)\\.setProperty\\(\"([^\"]+)\"");
  /** A property name in code type: lower case, dots or underscores, maybe {@code =value}. */
  private static final Pattern PROPERTY = Pattern.compile("`([a-z][a-z0-9_]*(?:[._][a-z0-9_]+)+)"
      + "(?:=[^`]*)?`");
  /** The packaged commands a user runs by hand, each with the source of its usage text. */
  static final List<Path> COMMANDS = List.of(
      Path.of("src/main/java/dev/perfsuite/engines/server/RemoteEngineOptions.java"),
      Path.of("src/main/java/dev/perfsuite/controller/ControllerMain.java"));
  /** An option line of a usage text: {@code "  --name ...}. */
  private static final Pattern USAGE_OPTION = Pattern.compile("\"  (--[a-z][a-z-]*)\\b");
  private static final String CAUSES_HEADING = "### Error causes";
  /** A table row whose first cell is one backticked constant. */
  private static final Pattern CAUSE_ROW = Pattern.compile("^\\| `([A-Z_]+)` \\|");
  /** An {@code image.*} property of the POM, name and value. */
  private static final Pattern IMAGE_PROPERTY =
      Pattern.compile("<(image\\.[a-z0-9.-]+)>([^<]+)</\\1>");
  private static final Pattern POM_PROPERTY = Pattern.compile("<([a-z][a-z.-]*)>([^<$]+)</\\1>");
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]+)}");
  /** A local image tag as written in the README; placeholders such as {@code <version>} are not. */
  private static final Pattern LOCAL_IMAGE =
      Pattern.compile("perf-suite/[a-z-]+:[A-Za-z0-9._-]+(?![A-Za-z0-9._<-])");

  @Test
  void shouldListEveryErrorCauseOfTheCodeAndNoOther() throws IOException {
    Set<String> documented = new TreeSet<>(causesIn(read(RESULTS)));
    Set<String> coded = new TreeSet<>(Stream.of(ErrorCause.values()).map(Enum::name).toList());

    assertThat(documented)
        .as("the causes of %s's '%s' table against ErrorCause's constants", RESULTS,
            CAUSES_HEADING)
        .isEqualTo(coded);
  }

  @Test
  void shouldNameEveryLocalImageOfThePomAndNoOtherInTheDockerReadme() throws IOException {
    Map<String, String> images = images(read(POM));
    String readme = String.join("\n", read(DOCKER));
    List<String> missing = images.entrySet().stream()
        .filter(e -> e.getKey().startsWith("image.local."))
        .filter(e -> !readme.contains(e.getValue())).map(e -> e.getKey() + "=" + e.getValue())
        .toList();
    List<String> unknown = new ArrayList<>();
    Matcher local = LOCAL_IMAGE.matcher(readme);
    while (local.find()) {
      if (!images.containsValue(local.group())) {
        unknown.add(local.group());
      }
    }

    assertThat(missing).as("images pom.xml builds locally that %s does not name", DOCKER)
        .isEmpty();
    assertThat(unknown).as("local images %s names that pom.xml does not declare", DOCKER)
        .isEmpty();
  }

  @Test
  void shouldNameEveryPulledImageOfThePomByItsKeyOrItsName() throws IOException {
    String readme = String.join("\n", read(DOCKER));
    List<String> unnamed = images(read(POM)).entrySet().stream()
        .filter(e -> !e.getKey().startsWith("image.local."))
        .filter(e -> !readme.contains("`" + e.getKey() + "`") && !readme.contains(e.getValue()))
        .map(Map.Entry::getKey).toList();

    assertThat(unnamed).as("public images of pom.xml whose origin %s does not give", DOCKER)
        .isEmpty();
  }

  @Test
  void shouldDocumentEveryOptionOfThePackagedCommands() throws IOException {
    String page = String.join("\n", read(DISTRIBUTED));
    List<String> undocumented = new ArrayList<>();
    for (Path command : COMMANDS) {
      Matcher option = USAGE_OPTION.matcher(String.join("\n", read(command)));
      int found = 0;
      while (option.find()) {
        found++;
        if (!page.contains("`" + option.group(1))) {
          undocumented.add(command.getFileName() + " " + option.group(1));
        }
      }
      assertThat(found).as("options in the usage text of %s", command).isPositive();
    }
    assertThat(undocumented).as("options of the packaged commands %s does not name", DISTRIBUTED)
        .isEmpty();
  }

  @Test
  void shouldListThePropertiesTheCodeWritesJvmWide() throws IOException {
    String code = javaSources();
    List<String> rows = read(ARCHITECTURE).stream()
        .dropWhile(l -> !l.equals(PROPERTIES_HEADING)).skip(1)
        .takeWhile(l -> !l.startsWith("#")).filter(l -> l.startsWith("| `")).toList();
    List<String> listed = new ArrayList<>();
    List<String> unwritten = new ArrayList<>();
    for (String row : rows) {
      String[] cells = row.split("\\|");
      Matcher property = PROPERTY.matcher(cells[1]);
      while (property.find()) {
        listed.add(property.group(1));
        if (!cells[3].contains("not the suite")
            && !code.contains("\"" + property.group(1) + "\"")) {
          unwritten.add(property.group(1));
        }
      }
    }
    List<String> unlisted = new ArrayList<>();
    Matcher set = SET_PROPERTY.matcher(code);
    while (set.find()) {
      if (!listed.contains(set.group(1))) {
        unlisted.add(set.group(1));
      }
    }

    assertThat(rows).as("rows of %s's '%s'", ARCHITECTURE, PROPERTIES_HEADING).isNotEmpty();
    assertThat(unwritten).as("properties the table lists that no main code names").isEmpty();
    assertThat(unlisted.stream().distinct().toList())
        .as("properties main code sets JVM-wide that %s's table does not list", ARCHITECTURE)
        .isEmpty();
  }

  @Test
  void shouldReadCausesOnlyFromTheirTable() {
    List<String> page = List.of("| `CONNECT` | before |", CAUSES_HEADING, "",
        "| cause | why |", "|---|---|", "| `TIMEOUT` | expired |", "| `OTHER` | else |", "",
        "## Next", "| `SCRIPT` | after |");

    assertThat(causesIn(page)).as("causes of the table under the heading")
        .containsExactly("TIMEOUT", "OTHER");
  }

  /** The constants of the table under the error-causes heading, up to the next heading. */
  static List<String> causesIn(List<String> page) {
    int at = page.indexOf(CAUSES_HEADING);
    assertThat(at).as("the heading '%s'", CAUSES_HEADING).isNotNegative();
    List<String> causes = new ArrayList<>();
    for (String line : page.subList(at + 1, page.size())) {
      if (line.startsWith("#")) {
        break;
      }
      Matcher row = CAUSE_ROW.matcher(line);
      if (row.find()) {
        causes.add(row.group(1));
      }
    }
    return causes;
  }

  /** The POM's {@code image.*} properties, references to other properties resolved. */
  static Map<String, String> images(List<String> pom) {
    String text = String.join("\n", pom);
    Map<String, String> properties = new LinkedHashMap<>();
    Matcher property = POM_PROPERTY.matcher(text);
    while (property.find()) {
      properties.putIfAbsent(property.group(1), property.group(2).strip());
    }
    Map<String, String> images = new LinkedHashMap<>();
    Matcher image = IMAGE_PROPERTY.matcher(text);
    while (image.find()) {
      Matcher reference = REFERENCE.matcher(image.group(2).strip());
      StringBuilder value = new StringBuilder();
      while (reference.find()) {
        reference.appendReplacement(value, Matcher.quoteReplacement(
            properties.getOrDefault(reference.group(1), reference.group())));
      }
      reference.appendTail(value);
      images.put(image.group(1), value.toString());
    }
    assertThat(images).as("image.* properties of pom.xml").isNotEmpty();
    return images;
  }

  /** Every main Java source, concatenated. */
  static String javaSources() throws IOException {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> sources = Files.walk(MAIN)) {
      for (Path source : sources.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        all.append(Files.readString(source, StandardCharsets.UTF_8)).append('\n');
      }
    }
    return all.toString();
  }

  private static List<String> read(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8);
  }
}
