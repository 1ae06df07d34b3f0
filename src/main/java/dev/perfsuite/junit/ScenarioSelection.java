package dev.perfsuite.junit;

import dev.perfsuite.history.RunIdentity;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.store.Namespace;
import org.junit.platform.engine.support.store.NamespacedHierarchicalStore;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Which scenario classes this test run selected, for the run history. A class run alone starts its
 * JVM and backends cold and must not be judged against the catalogue run (docs/nightly.md).
 *
 * <p>Registered with the JUnit Platform as a launcher session listener (service file): each
 * launcher session gets its own listener, which reads the test plan before any test runs and
 * keeps the selection in that session's store, where {@link PerfExtension} finds it. Two
 * launchers in one JVM therefore keep two selections. It also keeps how many scenario classes
 * the plan holds, which fails a selection of none ({@link SelectionCheckEngine}).
 */
public final class ScenarioSelection implements LauncherSessionListener {
  private static final String SCENARIO_TAG = "perf";
  private static final String KEY = "selection";
  private static final String NAMESPACE = ScenarioSelection.class.getName();
  /** How many scenario classes the test plan holds, for {@link SelectionCheckEngine}. */
  static final String SCENARIO_CLASSES = "scenario-classes";

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    NamespacedHierarchicalStore<Namespace> store = session.getStore();
    session.getLauncher().registerTestExecutionListeners(new TestExecutionListener() {
      @Override
      public void testPlanExecutionStarted(TestPlan plan) {
        Set<String> classes = new TreeSet<>();
        for (TestIdentifier root : plan.getRoots()) {
          collect(plan, root, classes);
        }
        store.put(namespace(), KEY, selection(classes));
        store.put(namespace(), SCENARIO_CLASSES, classes.size());
      }
    });
  }

  /** Where the selection is kept in the launcher session's store. */
  static Namespace namespace() {
    return Namespace.create(NAMESPACE);
  }

  /**
   * {@code class:<SimpleName>} when one scenario class was selected, else the catalogue (also
   * when the launcher session has no selection, as under a launcher without session listeners).
   */
  static String current(ExtensionContext context) {
    String selection = context.getStore(StoreScope.LAUNCHER_SESSION,
        ExtensionContext.Namespace.create(NAMESPACE)).get(KEY, String.class);
    return selection == null ? RunIdentity.CATALOGUE : selection;
  }

  static String selection(Set<String> scenarioClasses) {
    return scenarioClasses.size() == 1
        ? "class:" + scenarioClasses.iterator().next().replaceAll(".*[.$]", "")
        : RunIdentity.CATALOGUE;
  }

  private static void collect(TestPlan plan, TestIdentifier node, Set<String> classes) {
    if (SelectionCheckEngine.owns(node)) {
      return;
    }
    node.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
        .filter(s -> node.getTags().stream().anyMatch(t -> t.getName().equals(SCENARIO_TAG)))
        .ifPresent(s -> classes.add(s.getClassName()));
    for (TestIdentifier child : plan.getChildren(node)) {
      collect(plan, child, classes);
    }
  }
}
