package dev.perfsuite.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Maven goal that a script, a doc's command or the archetype runs by prefix
 * ({@code mvn install:install-file}) resolves to a plugin version the project pins.
 *
 * <p>A prefix the pom does not pin makes Maven pick a version itself: the super-POM's default
 * (maven-install-plugin 2.4 and its 2.0.6-era dependencies) or the newest in the remote's
 * metadata. Offline, or on a fresh {@code ~/.m2}, that version is not there and the step fails;
 * on a machine that once ran it, nothing shows.
 */
final class PluginPrefixesTest {
  private static final Path ROOT_POM = Path.of("pom.xml");
  private static final Path GENERATED = Path.of("archetype", "src", "main", "resources",
      "archetype-resources");
  /** Prefixes whose plugin is named neither maven-P-plugin nor P-maven-plugin. */
  private static final Map<String, String> ODD_NAMES = Map.of("allure", "allure-maven");
  /** A Maven invocation on a line: mvn, the scripts' MVN array, a generated project's wrapper. */
  private static final Pattern INVOCATION =
      Pattern.compile("(?:^|[\\s`(\"'|;&])(?:mvn|\\$\\{MVN\\[@\\]\\}|project_mvn)(?=[\\s\"`]|$)");
  /** A goal: prefix:goal, or groupId:artifactId[:version]:goal (versions may be variables). */
  private static final Pattern GOAL = Pattern.compile(
      "^[a-z][a-z0-9.-]*(?::[A-Za-z0-9.${}_-]+)+$");
  private static final Pattern POM_FLAG = Pattern.compile("(?:^|\\s)-f\\s+\"?([^\\s\"]+)");
  /** A goal by prefix in Java: a string literal such as {@code "gatling:test"}. */
  private static final Pattern JAVA_GOAL = Pattern.compile("\"([a-z]+):([a-z][a-zA-Z-]*)\"");
  /** Prefixes of Maven plugins, for spotting a goal in a Java string literal. */
  private static final Set<String> KNOWN_PREFIXES = Set.of("install", "deploy", "help",
      "archetype", "dependency", "clean", "resources", "compiler", "surefire", "failsafe", "jar",
      "shade", "assembly", "checkstyle", "site", "flatten", "exec", "versions", "allure",
      "gatling", "enforcer", "javadoc", "source", "release", "wrapper");

  @Test
  void shouldPinEveryPluginThatAScriptOrDocRunsByPrefix() {
    List<String> unpinned = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (Path file : commandFiles()) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        for (Goal goal : goals(lines.get(i))) {
          Path pom = goal.pom().map(p -> resolvePom(file, p)).orElse(defaultPom(file));
          String where = file + ":" + (i + 1);
          seen.add(where + " " + goal.text());
          problem(goal, pom).ifPresent(why -> unpinned.add(where + " runs `" + goal.text()
              + "`: " + why));
        }
      }
    }
    assertThat(seen).as("goals found in the scripts and docs (the scan itself works)")
        .anyMatch(s -> s.contains("install:install-file"))
        .anyMatch(s -> s.contains("gatling:test"));
    assertThat(unpinned).as("goals run by prefix whose plugin the pom they run on does not pin "
        + "(fix: pin the plugin in that pom's pluginManagement, version in <properties>, or run "
        + "the goal fully qualified with a version)").isEmpty();
  }

  @Test
  void shouldRunNoUnpinnedPrefixFromJava() throws IOException {
    List<String> unpinned = new ArrayList<>();
    for (Path root : List.of(Path.of("src", "main", "java"), Path.of("src", "test", "java"))) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          if (file.endsWith(Path.of("packaging", "PluginPrefixesTest.java"))) {
            continue;
          }
          Matcher goal = JAVA_GOAL.matcher(Files.readString(file, StandardCharsets.UTF_8));
          while (goal.find()) {
            String prefix = goal.group(1);
            // Gatling runs on bench/gatling/pom.xml, which pins it; any other pom a Java caller
            // writes or names pins nothing, so the goal must carry its version.
            Path pom = prefix.equals("gatling") ? Path.of("bench", "gatling", "pom.xml") : null;
            if (KNOWN_PREFIXES.contains(prefix)
                && (pom == null || pinnedVersion(pom, prefix, false).isEmpty())) {
              unpinned.add(file + ": \"" + goal.group() + "\"");
            }
          }
        }
      }
    }
    assertThat(unpinned).as("Maven goals by prefix in Java (fix: groupId:artifactId:version:goal "
        + "with the version from dev.perfsuite.config.Versions)").isEmpty();
  }

  @Test
  void shouldFailOnAGoalWhosePluginThePomDoesNotPin() {
    assertThat(goals("mvn -B -q versions:display-dependency-updates"))
        .as("a goal in a command line").extracting(Goal::text)
        .containsExactly("versions:display-dependency-updates");
    assertThat(problem(new Goal("versions:set", Optional.empty()), ROOT_POM))
        .as("a plugin the root pom does not pin").isPresent();
    assertThat(problem(new Goal("install:install-file", Optional.empty()), ROOT_POM))
        .as("maven-install-plugin, pinned in pluginManagement").isEmpty();
    assertThat(problem(new Goal("org.apache.maven.plugins:maven-help-plugin:evaluate",
        Optional.empty()), ROOT_POM)).as("a qualified goal without its version").isPresent();
    assertThat(problem(new Goal("org.apache.maven.plugins:maven-help-plugin:3.5.1:evaluate",
        Optional.empty()), ROOT_POM)).as("a qualified goal with its version").isEmpty();
    assertThat(goals("mvn -Dperf.remotes=host:1099 verify -Pperf"))
        .as("host:port values and phases are no goals").isEmpty();
  }

  /** One goal on a command line, with the pom its {@code -f} names, if any. */
  private record Goal(String text, Optional<String> pom) {
  }

  private static List<Goal> goals(String line) {
    List<Goal> goals = new ArrayList<>();
    Matcher invocation = INVOCATION.matcher(line);
    if (!invocation.find()) {
      return goals;
    }
    // A shell comment after the command names artifacts, not goals.
    String command = line.substring(invocation.end()).replaceFirst("\\s#\\s.*$", "");
    Matcher pomFlag = POM_FLAG.matcher(command);
    Optional<String> pom = pomFlag.find() ? Optional.of(pomFlag.group(1)) : Optional.empty();
    for (String word : command.split("\\s+")) {
      String token = word.replaceAll("^[\"'`(]+|[\"'`),;|]+$", "");
      if (token.startsWith("-") || token.contains("=") || token.contains("/")
          || !GOAL.matcher(token).matches()) {
        continue;
      }
      goals.add(new Goal(token, pom));
    }
    return goals;
  }

  /** Why the goal's plugin version is not pinned on {@code pom}, or empty when it is. */
  private static Optional<String> problem(Goal goal, Path pom) {
    String[] parts = goal.text().split(":");
    if (parts.length >= 4) {
      return Optional.empty();
    }
    if (parts.length == 2 && parts[0].contains(".")) {
      return Optional.empty();
    }
    if (parts.length == 3) {
      return Optional.of("qualified without a version");
    }
    if (!Files.isRegularFile(pom)) {
      return Optional.of("it runs on " + pom + ", which does not exist");
    }
    boolean managed = pom.normalize().equals(ROOT_POM);
    return pinnedVersion(pom, parts[0], managed).isPresent() ? Optional.empty()
        : Optional.of(pom + " pins no plugin for prefix '" + parts[0] + "'"
            + (managed ? " in <pluginManagement>" : ""));
  }

  /**
   * The version {@code pom} gives the plugin of {@code prefix}: in pluginManagement when
   * {@code managedOnly}, else in any plugin declaration.
   */
  private static Optional<String> pinnedVersion(Path pom, String prefix, boolean managedOnly) {
    String xml = read(pom);
    if (managedOnly) {
      int start = xml.indexOf("<pluginManagement>");
      int end = xml.indexOf("</pluginManagement>");
      xml = start < 0 || end < start ? "" : xml.substring(start, end);
    }
    Set<String> names = new TreeSet<>(List.of("maven-" + prefix + "-plugin",
        prefix + "-maven-plugin"));
    Optional.ofNullable(ODD_NAMES.get(prefix)).ifPresent(names::add);
    for (String name : names) {
      Matcher plugin = Pattern.compile("<artifactId>" + Pattern.quote(name)
          + "</artifactId>\\s*<version>([^<]+)</version>").matcher(xml);
      if (plugin.find()) {
        return Optional.of(plugin.group(1));
      }
    }
    return Optional.empty();
  }

  private static Path defaultPom(Path file) {
    return file.startsWith(GENERATED) ? GENERATED.resolve("pom.xml") : ROOT_POM;
  }

  private static Path resolvePom(Path file, String flag) {
    if (flag.contains("$")) {
      return defaultPom(file);
    }
    Path pom = Path.of(flag);
    return (Files.isDirectory(pom) ? pom.resolve("pom.xml") : pom).normalize();
  }

  /** Scripts, the Jenkinsfile, the docs and the archetype: wherever a command line stands. */
  private static List<Path> commandFiles() {
    List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), Path.of("Jenkinsfile")));
    for (Path dir : List.of(Path.of(".ci"), Path.of("bench"), Path.of("docs"),
        Path.of("docker"), Path.of("archetype"))) {
      try (Stream<Path> walk = Files.walk(dir)) {
        walk.filter(Files::isRegularFile).filter(PluginPrefixesTest::holdsCommands)
            .forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  private static boolean holdsCommands(Path file) {
    // Tools a script installed beside itself (.ci/.tools/node_modules) are not the project's.
    for (int i = 1; i < file.getNameCount() - 1; i++) {
      String folder = file.getName(i).toString();
      if (folder.startsWith(".") || folder.equals("node_modules") || folder.equals("target")) {
        return false;
      }
    }
    String name = file.getFileName().toString();
    if (file.toString().contains("reports") || name.endsWith(".java") || name.endsWith(".xml")
        || name.endsWith(".json") || name.endsWith(".png") || name.endsWith(".csv")) {
      return false;
    }
    return name.endsWith(".md") || name.endsWith(".sh") || name.endsWith(".yml")
        || name.endsWith(".yaml") || name.equals("Jenkinsfile") || !name.contains(".");
  }

  private static List<String> lines(Path file) {
    return List.of(read(file).split("\n", -1));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
