package dev.perfsuite.engines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * A JMeter tree already built, placed as is in a plan jmeter-java-dsl builds. Examples are an
 * element of a loaded JMX or a per-engine copy of a thread group; this is the one adapter between
 * ready-built {@link HashTree}s and the DSL's plan and thread-group children.
 *
 * <p>Also the two other ways the suite meets a built tree: {@link #onceBuilt} edits the whole
 * tree after the DSL built it (data-file paths rewritten for the engines), and {@link #build}
 * builds a plan's tree as the engines receive it, for checks before load.
 */
public final class BuiltTree implements TestPlanChild, ThreadGroupChild {
  /** The roots, in order, each with the subtree added under it. */
  private final List<Map.Entry<Object, HashTree>> roots;

  private BuiltTree(List<Map.Entry<Object, HashTree>> roots) {
    this.roots = List.copyOf(roots);
  }

  /**
   * {@code element} with {@code subtree} under it, the subtree added as is (its order kept).
   */
  public static BuiltTree of(TestElement element, HashTree subtree) {
    return new BuiltTree(List.of(new SimpleImmutableEntry<>(element, subtree)));
  }

  /**
   * Every root of {@code tree} with its subtree; elements placed under this child go under its
   * first root.
   *
   * @throws IllegalArgumentException when the tree is empty
   */
  public static BuiltTree of(HashTree tree) {
    if (tree.isEmpty()) {
      throw new IllegalArgumentException("a built tree needs at least one element");
    }
    List<Map.Entry<Object, HashTree>> roots = new ArrayList<>();
    tree.list().forEach(root -> roots.add(new SimpleImmutableEntry<>(root, tree.getTree(root))));
    return new BuiltTree(roots);
  }

  /**
   * A child that adds nothing and hands {@code edit} the plan's whole tree once the DSL has built
   * it. Not a JMeter element; the tree is the one JMeter then runs or sends to the engines.
   */
  public static TestPlanChild onceBuilt(Consumer<HashTree> edit) {
    return new TestPlanChild() {
      @Override
      public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
        context.getRoot().addEndListener((root, built) -> edit.accept(built));
        return parent;
      }

      @Override
      public void showInGui() {
        // Nothing to show: it adds no element.
      }
    };
  }

  /** {@code plan}'s JMeter tree, built as the engines will receive it (for checks before load). */
  public static HashTree build(DslTestPlan plan) {
    if (JMeterUtils.getJMeterProperties() == null) {
      try {
        // Lambdas register themselves in JMeter properties while the tree is built.
        JmeterHome.prepare();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot prepare a JMeter environment to build the plan",
            e);
      }
    }
    HashTree root = new ListedHashTree();
    new BuildTreeContext().buildTreeFor(plan, root);
    return root;
  }

  @Override
  public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
    HashTree first = null;
    for (Map.Entry<Object, HashTree> root : roots) {
      HashTree added = parent.add(root.getKey());
      added.add(root.getValue());
      first = first == null ? added : first;
    }
    return first;
  }

  @Override
  public void showInGui() {
    throw new UnsupportedOperationException("an already built JMeter tree has no DSL GUI: open "
        + "the plan in JMeter's GUI instead");
  }
}
