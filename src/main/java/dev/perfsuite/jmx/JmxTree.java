package dev.perfsuite.jmx;

import dev.perfsuite.engines.BuiltTree;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * One element of a loaded JMX with everything under it, placed as is in a plan the DSL builds. This
 * is how a JMX tree reaches the suite's engines next to their recorder listener. The placing is the
 * engines' one adapter for ready-built trees ({@link BuiltTree}); this class adds what the JMX side
 * reads (the element, a name for messages).
 */
final class JmxTree implements TestPlanChild, ThreadGroupChild {
  private final TestElement element;
  private final HashTree subtree;

  JmxTree(TestElement element, HashTree subtree) {
    this.element = element;
    this.subtree = subtree;
  }

  TestElement element() {
    return element;
  }

  @Override
  public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
    return BuiltTree.of(element, subtree).buildTreeUnder(parent, context);
  }

  @Override
  public void showInGui() {
    throw new UnsupportedOperationException("open the JMX file in JMeter's GUI instead");
  }

  @Override
  public String toString() {
    return element.getName() + " (" + element.getClass().getSimpleName() + ")";
  }
}
