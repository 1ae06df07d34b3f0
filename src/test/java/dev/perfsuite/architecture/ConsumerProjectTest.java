package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library stands apart from the catalogue, and the archetype's project stands apart from this
 * repository (docs/your-project.md): a team depends on one pinned version and copies nothing.
 * {@code .ci/generated-project.sh} generates and runs the project; this test guards the sources.
 */
class ConsumerProjectTest {
  private static final Path LIBRARY_POM = Path.of("pom.xml");
  private static final Path ARCHETYPE_POM = Path.of("archetype", "pom.xml");
  private static final Path TEMPLATES =
      Path.of("archetype", "src", "main", "resources", "archetype-resources");
  private static final Path MAIN_RESOURCES = Path.of("src", "main", "resources");
  /** A literal version property of a POM: a {@code surefire.version} element, say. */
  private static final Pattern VERSION_PROPERTY =
      Pattern.compile("<([a-z-]+\\.version)>([^<$]+)</\\1>");
  private static final Path GUIDE = Path.of("docs", "your-project.md");
  private static final Path CHANGELOG = Path.of("CHANGELOG.md");
  /** A row of the guide's public API table: the package, then the cell naming its types. */
  private static final Pattern API_ROW =
      Pattern.compile("^\\| `(dev\\.perfsuite[a-z.]*)` \\| (.+) \\|$", Pattern.MULTILINE);
  /** A type in that cell: a backticked name starting in upper case (methods are lower case). */
  private static final Pattern API_TYPE = Pattern.compile("`@?([A-Z][A-Za-z]+)`");
  private static final Pattern PROJECT_VERSION =
      Pattern.compile("^  <version>([^<]+)</version>$", Pattern.MULTILINE);
  /** What would tie a generated project to this checkout rather than to the installed artifact. */
  private static final List<String> REACHING_OUT = List.of("../", "<parent>", "<relativePath>",
      "systemPath", "file:/", "dev/perfsuite/scenarios", "dev.perfsuite.scenarios");

  @Test
  void shouldGiveTheArchetypeTheLibrarysVersion() throws IOException {
    assertThat(version(ARCHETYPE_POM))
        .as("archetype/pom.xml's version: the generated project pins the library at it")
        .isEqualTo(version(LIBRARY_POM));
  }

  @Test
  void shouldBuildWithThePluginVersionsOfTheLibrary() throws IOException {
    Map<String, String> library = versionProperties(LIBRARY_POM);
    for (Path pom : List.of(ARCHETYPE_POM, TEMPLATES.resolve("pom.xml"))) {
      Map<String, String> shared = new TreeMap<>(versionProperties(pom));
      shared.keySet().retainAll(library.keySet());
      assertThat(shared).as("version properties %s shares with pom.xml", pom).isNotEmpty();
      shared.forEach((key, value) -> assertThat(value)
          .as("%s of %s against pom.xml's: pin them in step", key, pom)
          .isEqualTo(library.get(key)));
    }
  }

  /**
   * Velocity fills the archetype's templates and drops a line from {@code ##} on as its comment:
   * a Markdown heading or a shell comment written so would vanish from the generated project.
   */
  @Test
  void shouldKeepVelocityCommentsOutOfTheTemplates() throws IOException {
    try (Stream<Path> files = Files.walk(TEMPLATES)) {
      for (Path file : files.filter(Files::isRegularFile)
          .filter(f -> !f.startsWith(TEMPLATES.resolve(".github"))).toList()) {
        assertThat(Files.readString(file)).as("%s, filtered by Velocity", file)
            .doesNotContain("##");
      }
    }
  }

  /**
   * The guide's install and generate commands, which {@code .ci/generated-project.sh} runs as
   * they stand, hold on any checkout: the generated version is the one just installed, no
   * version of the library is written into them.
   */
  @Test
  void shouldGenerateTheVersionTheGuidesInstallCommandsInstalled() throws IOException {
    String guide = Files.readString(GUIDE);
    String install = commands(guide, "install");
    String generate = commands(guide, "generate");

    assertThat(install).as("the guide's install commands")
        .contains("mvn install -DskipTests", "mvn -f archetype/pom.xml install",
            "-Dexpression=project.version", "PERF_SUITE_VERSION=$(cat ");
    assertThat(generate).as("the guide's generate command")
        .contains("maven-archetype-plugin:", "-DarchetypeVersion=\"$PERF_SUITE_VERSION\"");
    assertThat((install + generate).replaceAll("-plugin:\\d+\\.\\d+\\.\\d+", ""))
        .as("the commands name no release (only plugin versions): they hold on any checkout")
        .doesNotContainPattern("\\d+\\.\\d+\\.\\d+");
  }

  /** The shell lines between {@code <!-- commands: NAME -->} and {@code <!-- /commands -->}. */
  private static String commands(String markdown, String name) {
    String start = "<!-- commands: " + name + " -->";
    int from = markdown.indexOf(start);
    assertThat(from).as("%s in %s", start, GUIDE).isNotNegative();
    int to = markdown.indexOf("<!-- /commands -->", from);
    assertThat(to).as("<!-- /commands --> after %s in %s", start, GUIDE).isPositive();
    return markdown.substring(from + start.length(), to).replace("```bash", "")
        .replace("```", "").strip();
  }

  @Test
  void shouldRecordAReleasedVersionInTheChangelog() throws IOException {
    String version = version(LIBRARY_POM);
    String changelog = Files.readString(CHANGELOG);
    if (!version.endsWith("-SNAPSHOT")) {
      assertThat(changelog).as("CHANGELOG.md's section for the released version %s", version)
          .contains("\n## " + version + " (");
    }
  }

  /** A released version names one artifact: a change after it needs the next version. */
  @Test
  void shouldMoveToASnapshotWithTheFirstUnreleasedChange() throws IOException {
    String changelog = Files.readString(CHANGELOG);
    int unreleased = changelog.indexOf("\n## Unreleased");
    assertThat(unreleased).as("CHANGELOG.md's '## Unreleased' section").isNotNegative();
    int next = changelog.indexOf("\n## ", unreleased + 1);
    boolean changes = changelog.substring(unreleased, next < 0 ? changelog.length() : next)
        .lines().anyMatch(line -> line.startsWith("- "));
    if (changes) {
      assertThat(version(LIBRARY_POM))
          .as("pom.xml's version while CHANGELOG.md lists unreleased changes: the next "
              + "version's -SNAPSHOT (archetype/pom.xml too)")
          .endsWith("-SNAPSHOT");
    }
  }

  @Test
  void shouldKeepTheGeneratedProjectFreeOfPathsIntoThisRepository() throws IOException {
    String checkout = Path.of("").toAbsolutePath().toString();
    try (Stream<Path> files = Files.walk(TEMPLATES)) {
      List<Path> templates = files.filter(Files::isRegularFile).toList();
      assertThat(templates).as("archetype templates under %s", TEMPLATES).hasSizeGreaterThan(5);
      for (Path template : templates) {
        String text = Files.readString(template, StandardCharsets.UTF_8);
        assertThat(text).as("%s: a generated project must not reach into this repository",
            template).doesNotContain(checkout).doesNotContain(REACHING_OUT);
      }
    }
  }

  @Test
  void shouldKeepSeedDataOutOfTheLibrary() throws IOException {
    try (Stream<Path> files = Files.walk(MAIN_RESOURCES)) {
      assertThat(files.filter(Files::isRegularFile).map(MAIN_RESOURCES::relativize)
          .map(p -> p.toString().replace('\\', '/')))
          .as("src/main/resources holds the library's settings and service files only; seed "
              + "data, stubs and plans belong under src/test/resources")
          .allMatch(p -> p.startsWith("META-INF/services/")
              || p.startsWith("dev/perfsuite/") && p.endsWith(".properties"));
    }
  }

  @Test
  void shouldKeepEveryTypeOfTheDocumentedApiPublic() throws IOException {
    Matcher rows = API_ROW.matcher(Files.readString(GUIDE));
    List<String> named = new ArrayList<>();
    while (rows.find()) {
      Matcher types = API_TYPE.matcher(rows.group(2));
      while (types.find()) {
        named.add(rows.group(1) + "." + types.group(1));
      }
    }
    assertThat(named).as("types of the public API table in %s", GUIDE).hasSizeGreaterThan(20);
    for (String type : named) {
      assertThat(publicType(type))
          .as("%s, named as public API in %s: public, or the page and CHANGELOG say otherwise",
              type, GUIDE).isTrue();
    }
  }

  private static boolean publicType(String name) {
    try {
      return Modifier.isPublic(Class.forName(name, false,
          ConsumerProjectTest.class.getClassLoader()).getModifiers());
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private static Map<String, String> versionProperties(Path pom) throws IOException {
    Map<String, String> properties = new TreeMap<>();
    Matcher matcher = VERSION_PROPERTY.matcher(Files.readString(pom));
    while (matcher.find()) {
      properties.put(matcher.group(1), matcher.group(2));
    }
    return properties;
  }

  private static String version(Path pom) throws IOException {
    Matcher matcher = PROJECT_VERSION.matcher(Files.readString(pom));
    assertThat(matcher.find()).as("a project <version> in %s", pom).isTrue();
    return matcher.group(1);
  }
}
