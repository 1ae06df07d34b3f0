package dev.perfsuite.jmx;

import dev.perfsuite.engines.PluginFunctions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.save.SaveService;

/**
 * The jmeter-plugins a plan needs, read from its own text as the Plugins Manager's
 * {@code install-for-jmx} reads it: element classes not on the class path and {@code ${__name()}}
 * functions JMeter does not know, each mapped to a Maven artifact by the table in
 * {@code plugins.properties}. What the table does not know is left to the refusals that follow.
 *
 * @param artifacts {@code groupId:artifactId:version}, sorted
 * @param reasons what in the plan asked for each artifact
 */
record PlanPlugins(Set<String> artifacts, Map<String, Set<String>> reasons) {
  private static final Pattern TEST_CLASS = Pattern.compile("testclass=\"([^\"]+)\"");
  private static final Pattern FUNCTION = Pattern.compile("\\$\\{(__\\w+)\\(");
  private static final Map<String, String> TABLE = table();

  PlanPlugins {
    artifacts = Set.copyOf(artifacts);
    reasons = Map.copyOf(reasons);
  }

  /** The plugins the JMX {@code text} needs beyond what {@code loader} already has. */
  static PlanPlugins of(String text, ClassLoader loader) {
    Map<String, Set<String>> reasons = new TreeMap<>();
    Matcher classes = TEST_CLASS.matcher(text);
    while (classes.find()) {
      String className = SaveService.aliasToClass(classes.group(1));
      if (!loadable(className, loader)) {
        artifactOf("class.", className).ifPresent(a -> reasons.computeIfAbsent(a,
            k -> new LinkedHashSet<>()).add(className.substring(className.lastIndexOf('.') + 1)));
      }
    }
    Set<String> known = new java.util.HashSet<>(Set.of(CompoundVariable.getFunctionNames()));
    // Functions another run holds for now are not this plan's.
    known.removeAll(PluginFunctions.active());
    Matcher functions = FUNCTION.matcher(text);
    while (functions.find()) {
      String function = functions.group(1);
      if (!known.contains(function)) {
        artifactOf("function.", function).ifPresent(a -> reasons.computeIfAbsent(a,
            k -> new LinkedHashSet<>()).add("${" + function + "()}"));
      }
    }
    return new PlanPlugins(reasons.keySet(), reasons);
  }

  /** Whether the plan needs nothing fetched. */
  boolean none() {
    return artifacts.isEmpty();
  }

  /** "kg.apc:jmeter-plugins-functions:2.1 (for ${__env()})", one per artifact. */
  List<String> describe() {
    List<String> lines = new ArrayList<>();
    reasons.forEach((artifact, uses) -> lines.add(artifact + " (for " + String.join(", ", uses)
        + ")"));
    return lines;
  }

  /** The artifact a class (longest prefix) or function is listed under, if any. */
  private static java.util.Optional<String> artifactOf(String kind, String name) {
    return TABLE.entrySet().stream()
        .filter(e -> e.getKey().startsWith(kind) && (kind.equals("function.")
            ? e.getKey().substring(kind.length()).equalsIgnoreCase(name)
            : name.startsWith(e.getKey().substring(kind.length()))))
        .max(Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue);
  }

  private static boolean loadable(String className, ClassLoader loader) {
    try {
      Class.forName(className, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static Map<String, String> table() {
    Properties properties = new Properties();
    try (InputStream in = PlanPlugins.class.getResourceAsStream("plugins.properties")) {
      properties.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("the suite's plugins.properties is missing", e);
    }
    Map<String, String> table = new TreeMap<>();
    properties.forEach((k, v) -> table.put(k.toString(), v.toString().trim()));
    return table;
  }

  /** Reads a file's text as the plan's own (for callers that hold a path). */
  static String text(Path jmx) {
    try {
      return Files.readString(jmx, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jmx, e);
    }
  }
}
