package dev.perfsuite.jmx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * A loaded Test Plan's children taken apart for a {@code LoadPlan}. The elements are placed at plan
 * level as they are, and the main thread groups' children run as one journey under a profile.
 *
 * <p>The plan's User Defined Variables and the {@code perf.jmx.properties} (scripts read them
 * with {@code props.get}, so they must be JMeter properties when the test starts) always come
 * first. A main thread group is any but setUp and tearDown.
 *
 * @param elements what goes at plan level
 * @param journey the main groups' children, in plan order; empty when the groups stay
 * @param groups the main thread groups, in plan order
 */
record PlanParts(List<TestPlanChild> elements, List<ThreadGroupChild> journey,
    List<AbstractThreadGroup> groups) {

  /** How the main thread groups are placed. */
  private enum Groups {
    /** As written, with setUp and tearDown groups and listeners. */
    KEPT,
    /** Replaced by a journey of their children; setUp, tearDown and listeners stay. */
    JOURNEY,
    /** A journey of their children, without setUp, tearDown and listeners: a priming pass. */
    PRIMING
  }

  /** Every child as written: the plan runs its own thread groups. */
  static PlanParts asWritten(HashTree planTree, Map<String, String> variables,
      Map<String, String> properties) {
    return of(planTree, variables, properties, Groups.KEPT);
  }

  /** The main groups' children as one journey for the suite's profile (perf.jmx.load=profile). */
  static PlanParts underProfile(HashTree planTree, Map<String, String> variables,
      Map<String, String> properties) {
    return of(planTree, variables, properties, Groups.JOURNEY);
  }

  /**
   * The priming pass: the main groups' children as one journey (the priming run's own bounded
   * thread group drives it), without setUp/tearDown groups or listeners.
   */
  static PlanParts forPriming(HashTree planTree, Map<String, String> variables,
      Map<String, String> properties) {
    return of(planTree, variables, properties, Groups.PRIMING);
  }

  private static PlanParts of(HashTree planTree, Map<String, String> variables,
      Map<String, String> properties, Groups placing) {
    List<TestPlanChild> elements = new ArrayList<>();
    if (!variables.isEmpty()) {
      elements.add(new JmxTree(userDefinedVariables(variables), new HashTree()));
    }
    if (!properties.isEmpty()) {
      elements.add(new JmxTree(ScriptProperties.of(properties), new HashTree()));
    }
    List<ThreadGroupChild> journey = new ArrayList<>();
    List<AbstractThreadGroup> groups = new ArrayList<>();
    for (Object key : planTree.list()) {
      TestElement element = (TestElement) key;
      HashTree subtree = planTree.getTree(key);
      boolean onceOnly = element instanceof SetupThreadGroup
          || element instanceof PostThreadGroup;
      boolean listener = element instanceof ResultCollector || element instanceof BackendListener;
      if (placing == Groups.PRIMING && (onceOnly || listener)) {
        continue;
      }
      boolean main = element instanceof AbstractThreadGroup && !onceOnly;
      if (main) {
        groups.add((AbstractThreadGroup) element);
      }
      if (main && placing != Groups.KEPT) {
        for (Object child : subtree.list()) {
          journey.add(new JmxTree((TestElement) child, subtree.getTree(child)));
        }
      } else {
        elements.add(new JmxTree(element, subtree));
      }
    }
    return new PlanParts(List.copyOf(elements), List.copyOf(journey), List.copyOf(groups));
  }

  private static Arguments userDefinedVariables(Map<String, String> variables) {
    Arguments arguments = new Arguments();
    arguments.setName("User Defined Variables of the JMX Test Plan");
    arguments.setProperty(TestElement.TEST_CLASS, Arguments.class.getName());
    arguments.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.config.gui.ArgumentsPanel");
    variables.forEach(arguments::addArgument);
    return arguments;
  }
}
