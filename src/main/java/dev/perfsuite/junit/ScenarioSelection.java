package dev.perfsuite.junit;

import dev.perfsuite.history.RunIdentity;
import java.util.Set;
import java.util.TreeSet;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Which scenario classes this test run selected, for the run history: a class run alone starts
 * its JVM and backends cold and must not be judged against the catalogue run (docs/nightly.md).
 * Registered with the JUnit Platform as a listener (service file), it reads the test
 * plan before any test runs.
 */
public final class ScenarioSelection implements TestExecutionListener {
  private static final String SCENARIO_TAG = "perf";
  private static volatile String current = RunIdentity.CATALOGUE;

  /** {@code class:<SimpleName>} when one scenario class was selected, else the catalogue. */
  static String current() {
    return current;
  }

  @Override
  public void testPlanExecutionStarted(TestPlan plan) {
    Set<String> classes = new TreeSet<>();
    for (TestIdentifier root : plan.getRoots()) {
      collect(plan, root, classes);
    }
    current = selection(classes);
  }

  static String selection(Set<String> scenarioClasses) {
    return scenarioClasses.size() == 1
        ? "class:" + scenarioClasses.iterator().next().replaceAll(".*[.$]", "")
        : RunIdentity.CATALOGUE;
  }

  private static void collect(TestPlan plan, TestIdentifier node, Set<String> classes) {
    node.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
        .filter(s -> node.getTags().stream().anyMatch(t -> t.getName().equals(SCENARIO_TAG)))
        .ifPresent(s -> classes.add(s.getClassName()));
    for (TestIdentifier child : plan.getChildren(node)) {
      collect(plan, child, classes);
    }
  }
}
