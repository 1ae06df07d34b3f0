package dev.perfsuite.plugins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.save.SaveService;

/**
 * The jmeter-plugins a plan needs, read from its own text as the Plugins Manager's
 * {@code install-for-jmx} reads it. Element classes not on the class path and {@code ${__name()}}
 * functions JMeter does not know are each mapped to a Maven artifact by {@link PluginArtifacts}.
 * What the table does not fetch is left to the refusals that follow.
 *
 * @param artifacts {@code groupId:artifactId:version}, sorted
 * @param reasons what in the plan asked for each artifact
 */
public record PlanPlugins(Set<String> artifacts, Map<String, Set<String>> reasons) {
  private static final Pattern TEST_CLASS = Pattern.compile("testclass=\"([^\"]+)\"");
  private static final Pattern FUNCTION = Pattern.compile("\\$\\{(__\\w+)\\(");

  public PlanPlugins {
    // Sorted, so the fetch's cache key and the notes read the same in every JVM.
    artifacts = Collections.unmodifiableSortedSet(new TreeSet<>(artifacts));
    reasons = Collections.unmodifiableSortedMap(new TreeMap<>(reasons));
  }

  /** The plugins the JMX {@code text} needs beyond what {@code loader} already has. */
  public static PlanPlugins of(String text, ClassLoader loader) {
    Map<String, Set<String>> reasons = new TreeMap<>();
    Matcher classes = TEST_CLASS.matcher(text);
    while (classes.find()) {
      String className = SaveService.aliasToClass(classes.group(1));
      if (!loadable(className, loader)) {
        fetched(PluginArtifacts.forClass(className)).ifPresent(a -> reasons.computeIfAbsent(a,
            k -> new LinkedHashSet<>()).add(className.substring(className.lastIndexOf('.') + 1)));
      }
    }
    Set<String> known = new HashSet<>(Set.of(CompoundVariable.getFunctionNames()));
    // Functions another run holds for now are not this plan's.
    known.removeAll(PluginFunctions.active());
    Matcher functions = FUNCTION.matcher(text);
    while (functions.find()) {
      String function = functions.group(1);
      if (!known.contains(function)) {
        fetched(PluginArtifacts.forFunction(function)).ifPresent(a -> reasons.computeIfAbsent(a,
            k -> new LinkedHashSet<>()).add("${" + function + "()}"));
      }
    }
    return new PlanPlugins(reasons.keySet(), reasons);
  }

  /** Whether the plan needs nothing fetched. */
  public boolean none() {
    return artifacts.isEmpty();
  }

  /** "kg.apc:jmeter-plugins-functions:2.1 (for ${__env()})", one per artifact. */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    reasons.forEach((artifact, uses) -> lines.add(artifact + " (for " + String.join(", ", uses)
        + ")"));
    return lines;
  }

  /** What the suite fetches for a table row, none for a row named in fixes only. */
  private static Optional<String> fetched(Optional<PluginArtifacts.Artifact> artifact) {
    return artifact.filter(a -> a.version().isPresent()).map(PluginArtifacts.Artifact::fetched);
  }

  private static boolean loadable(String className, ClassLoader loader) {
    try {
      Class.forName(className, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Reads a file's text as the plan's own (for callers that hold a path). */
  public static String text(Path jmx) {
    try {
      return Files.readString(jmx, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jmx, e);
    }
  }
}
