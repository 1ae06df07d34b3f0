package dev.perfsuite.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;

import dev.perfsuite.config.NearMiss;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The error of a scenario selection that selects nothing, naming what exists. {@code mvn verify
 * -Pperf -Dperf.groups=sunbrid} (a typo) would otherwise end in "No tests to run" and a green
 * build; {@link SelectionCheckEngine} fails it with this.
 *
 * <p>Only a run that asked for a selection is checked: the perf profile passes its
 * {@code perf.groups} to the test JVM, a plain {@code mvn verify} or an IDE run does not.
 */
final class EmptySelection {
  /** The scenario tag every catalogue class carries ({@link PerfScenario}). */
  static final String SCENARIO_TAG = "perf";
  /** The build key the perf profile turns into failsafe's groups and passes to the test JVM. */
  static final String GROUPS = "perf.groups";

  private EmptySelection() {
  }

  /** The error naming the selection, the tags that exist and the fix. */
  static String message(String groups, Map<String, Integer> existing) {
    StringBuilder tags = new StringBuilder();
    existing.forEach((tag, count) -> tags.append(tags.length() == 0 ? "" : ", ").append(tag)
        .append(" (").append(count).append(count == 1 ? " class)" : " classes)"));
    return GROUPS + "=" + groups + " selects no scenario: no scenario class carries "
        + (groups.contains(",") ? "any of those tags" : "that tag") + ". "
        + (existing.isEmpty() ? "No scenario class (@PerfScenario or @Scenario) is on the test "
        + "classpath." : "The scenarios' tags: " + tags + ".")
        + " Fix: -D" + GROUPS + "=" + nearest(groups, existing) + " (" + SCENARIO_TAG
        + " runs every scenario), or -Dit.test=ClassName for one class";
  }

  /** The existing tag nearest the first asked one, for the fix (a typo's likely meaning). */
  private static String nearest(String groups, Map<String, Integer> existing) {
    String asked = groups.split("[,|&! ()]+")[0];
    return existing.keySet().stream()
        .min(Comparator.comparingInt((String tag) -> NearMiss.edits(asked, tag)))
        .orElse(SCENARIO_TAG);
  }

  /**
   * The tags of the scenario classes (tagged {@value #SCENARIO_TAG}) the selectors discover, each
   * with how many classes carry it, in name order.
   */
  static Map<String, Integer> scenarioTags(List<? extends DiscoverySelector> selectors) {
    // Without session listeners: this discovery must not start another selection check.
    TestPlan all = LauncherFactory.create(LauncherConfig.builder()
            .enableLauncherSessionListenerAutoRegistration(false).build())
        .discover(LauncherDiscoveryRequestBuilder.request().selectors(selectors).build());
    Map<String, Integer> tags = new TreeMap<>();
    for (TestIdentifier root : all.getRoots()) {
      collect(all, root, tags);
    }
    return tags;
  }

  /** The scenario tags of the test classpath's directories (test-classes, classes). */
  static Map<String, Integer> scenarioTagsOnClasspath() {
    Set<Path> roots = Stream.of(System.getProperty("java.class.path", "")
            .split(File.pathSeparator))
        .filter(p -> !p.isBlank()).map(Path::of).filter(Files::isDirectory)
        .collect(Collectors.toSet());
    return scenarioTags(selectClasspathRoots(roots));
  }

  private static void collect(TestPlan plan, TestIdentifier node, Map<String, Integer> tags) {
    if (SelectionCheckEngine.owns(node)) {
      return;
    }
    Set<TestTag> own = node.getTags();
    boolean scenarioClass = node.getSource().filter(ClassSource.class::isInstance).isPresent()
        && own.contains(TestTag.create(SCENARIO_TAG));
    if (scenarioClass) {
      own.forEach(t -> tags.merge(t.getName(), 1, Integer::sum));
      return;
    }
    for (TestIdentifier child : plan.getChildren(node)) {
      collect(plan, child, tags);
    }
  }
}
