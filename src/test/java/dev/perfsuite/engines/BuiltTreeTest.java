package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.dummySampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.sampler.DebugSampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/** The one adapter that places a ready-built JMeter tree in a plan the DSL builds. */
class BuiltTreeTest {

  @Test
  void shouldPlaceTheElementWithItsSubtreeInOrder() {
    ThreadGroup group = named(new ThreadGroup(), "users");
    ListedHashTree subtree = new ListedHashTree();
    List<String> names = List.of("first", "second", "third", "fourth", "fifth");
    names.forEach(n -> subtree.add(named(new DebugSampler(), n)));
    HashTree parent = new ListedHashTree();

    HashTree under = BuiltTree.of(group, subtree).buildTreeUnder(parent, new BuildTreeContext());

    assertThat(parent.list()).as("the element at the parent").containsExactly(group);
    assertThat(under).as("children go under the element").isSameAs(parent.getTree(group));
    assertThat(namesOf(under)).as("the subtree as built, in order").isEqualTo(names);
  }

  @Test
  void shouldPlaceEveryRootOfATreeAndPutChildrenUnderTheFirst() {
    ThreadGroup group = named(new ThreadGroup(), "users");
    HashTree tree = new HashTree();
    tree.add(group).add(named(new DebugSampler(), "ping"));
    HashTree parent = new HashTree();

    HashTree under = BuiltTree.of(tree).buildTreeUnder(parent, new BuildTreeContext());

    assertThat(parent.list()).as("the tree's root").containsExactly(group);
    assertThat(namesOf(under)).as("its subtree").containsExactly("ping");
  }

  @Test
  void shouldHandTheWholeBuiltPlanToAnEditOnceBuilt() {
    List<HashTree> seen = new ArrayList<>();
    DslTestPlan plan = testPlan(threadGroup(1, 1, dummySampler("ping", "ok")),
        BuiltTree.onceBuilt(seen::add));

    BuiltTree.build(plan);

    assertThat(seen).as("the edit saw one tree, the plan's").hasSize(1);
    assertThat(elements(seen.get(0))).as("with the plan's thread group and sampler in it")
        .anyMatch(e -> e instanceof ThreadGroup)
        .anyMatch(e -> e instanceof TestElement t && t.getName().equals("ping"));
  }

  @Test
  void shouldBuildAPlansTreeAsTheEnginesReceiveIt() {
    HashTree built = BuiltTree.build(testPlan(threadGroup(2, 3, dummySampler("ok"))));

    Object testPlan = built.list().iterator().next();
    assertThat(built.getTree(testPlan).list()).as("the thread group under the test plan")
        .anyMatch(e -> e instanceof ThreadGroup g
            && ((LoopController) g.getSamplerController()).getLoops() == 3);
  }

  private static <T extends TestElement> T named(T element, String name) {
    element.setName(name);
    return element;
  }

  private static List<Object> elements(HashTree tree) {
    List<Object> all = new ArrayList<>();
    for (Object key : tree.list()) {
      all.add(key);
      all.addAll(elements(tree.getTree(key)));
    }
    return all;
  }

  private static List<String> namesOf(HashTree tree) {
    return tree.list().stream().map(e -> ((TestElement) e).getName()).toList();
  }
}
