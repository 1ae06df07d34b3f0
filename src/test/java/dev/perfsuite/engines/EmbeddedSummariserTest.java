package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.dummySampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.Summariser;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

class EmbeddedSummariserTest {

  @Test
  void shouldRunEmbeddedPlansWithoutTheDslSummariser() throws Exception {
    List<Object> planLevel = new ArrayList<>();
    EmbeddedEngine.WithoutDslStatistics engine = new EmbeddedEngine.WithoutDslStatistics() {
      @Override
      protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree,
          TestStopper testStopper) {
        TestRunner runner = super.buildTestRunner(testPlanTree, rootTree, testStopper);
        planLevel.addAll(testPlanTree.list());
        return runner;
      }
    };

    testPlan(threadGroup(1, 2, dummySampler("ok"))).runIn(engine);

    assertThat(planLevel).as("plan-level elements the embedded engine ran").isNotEmpty();
    assertThat(planLevel.stream().filter(EmbeddedSummariserTest::summarises).toList())
        .as("result collectors feeding a Summariser (a global lock per sample)").isEmpty();
  }

  @Test
  void shouldKeepAPlansOwnResultCollectors() {
    HashTree tree = new ListedHashTree();
    ResultCollector summariser = new ResultCollector(new Summariser());
    ResultCollector named = new ResultCollector();
    named.setName("View Results Tree");
    ResultCollector toFile = new ResultCollector();
    toFile.setFilename("results.jtl");
    tree.add(summariser);
    tree.add(named);
    tree.add(toFile);

    EmbeddedEngine.dropSummariser(tree);

    assertThat(tree.list()).as("plan level after dropping the DSL's summariser")
        .containsExactly(named, toFile);
  }

  private static boolean summarises(Object element) {
    if (!(element instanceof ResultCollector)) {
      return false;
    }
    try {
      Field field = ResultCollector.class.getDeclaredField("summariser");
      field.setAccessible(true);
      return field.get(element) != null;
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("JMeter's ResultCollector has no summariser field", e);
    }
  }
}
