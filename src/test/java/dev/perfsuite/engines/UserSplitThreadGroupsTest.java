package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.profiles.Profiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * {@code perf.remotes.split} on a JMX plan's own thread groups: each group's thread count is
 * divided among the engines as a Java scenario's profile is, checked on the plan tree.
 */
class UserSplitThreadGroupsTest {
  private static final Path FIXTURES = Path.of("src", "test", "resources", "jmx-fixtures");

  @Test
  void shouldDivideEachThreadGroupsThreadsAcrossEnginesWhenSplitEven() {
    List<TestPlanChild> plan = plan("shop-checkout.jmx", "4");

    List<TestPlanChild> each = UserSplit.threadGroupsPerEngine("shop-checkout", plan, 2,
        RemoteSplit.EVEN);

    assertThat(groups(each)).extracting(AbstractThreadGroup::getNumThreads)
        .as("4 threads on 2 engines").containsExactly(2);
    assertThat(groups(plan)).extracting(AbstractThreadGroup::getNumThreads)
        .as("the plan itself keeps its 4 threads").containsExactly(4);
  }

  @Test
  void shouldDivideTheTargetConcurrencyOfAConcurrencyThreadGroup() {
    List<TestPlanChild> each = UserSplit.threadGroupsPerEngine("concurrency-shaped",
        plan("concurrency-shaped.jmx", "6"), 3, RemoteSplit.EVEN);

    assertThat(groups(each)).extracting(g -> g.getPropertyAsString("TargetLevel"))
        .as("6 threads on 3 engines").containsExactly("2");
  }

  @Test
  void shouldRefuseAnUltimateThreadGroupRowThatDoesNotDivideEvenly() {
    // Rows of 2 and 1 threads: the first divides by 2, the second does not.
    assertThatThrownBy(() -> UserSplit.threadGroupsPerEngine("ultimate-ping",
        plan("ultimate-ping.jmx", "1"), 2, RemoteSplit.EVEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("perf.remotes.split=even cannot divide 1 users (row 2 of thread "
            + "group 'Two waves' of plan 'ultimate-ping') evenly across 2 engines")
        .hasMessageContaining("-Dperf.remotes.split=per-engine");
  }

  @Test
  void shouldDivideEveryRowOfAnUltimateThreadGroup() {
    List<TestPlanChild> plan = plan("ultimate-ping.jmx", "1");
    CollectionProperty second = (CollectionProperty) ((CollectionProperty) groups(plan).get(0)
        .getProperty("ultimatethreadgroupdata")).get(1);
    second.set(0, "4");

    List<TestPlanChild> each = UserSplit.threadGroupsPerEngine("ultimate-ping", plan, 2,
        RemoteSplit.EVEN);

    assertThat(rows(groups(each).get(0))).as("rows of 2 and 4 threads on 2 engines")
        .containsExactly("1", "2");
    assertThat(rows(groups(plan).get(0))).as("the plan's own rows").containsExactly("2", "4");
  }

  @Test
  void shouldRefuseAnUnevenSplitNamingTheThreadGroupAndTheFix() {
    assertThatThrownBy(() -> UserSplit.threadGroupsPerEngine("shop-checkout",
        plan("shop-checkout.jmx", "3"), 2, RemoteSplit.EVEN))
        .hasMessageContaining("perf.remotes.split=even cannot divide 3 users (thread group "
            + "'Shoppers' of plan 'shop-checkout') evenly across 2 engines (perf.remotes). Fix: "
            + "use a multiple of 2 users in that thread group, or -Dperf.remotes.split="
            + "per-engine");
  }

  @Test
  void shouldRunTheWholePlanOnEveryEngineWhenSplitPerEngine() {
    List<TestPlanChild> plan = plan("shop-checkout.jmx", "3");

    assertThat(UserSplit.threadGroupsPerEngine("shop-checkout", plan, 2,
        RemoteSplit.PER_ENGINE)).as("unchanged").isSameAs(plan);
  }

  private static List<TestPlanChild> plan(String file, String threads) {
    JmxSettings settings = new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("shop.host",
        "127.0.0.1", "shop.port", "9", "shop.threads", threads), Set.of(), Optional.empty(), 1.0);
    return JmxPlans.load(FIXTURES.resolve(file), settings,
        Profiles.smoke().withWarmUp(Duration.ZERO)).plan().planElements();
  }

  private static List<AbstractThreadGroup> groups(List<TestPlanChild> elements) {
    HashTree tree = new HashTree();
    elements.forEach(e -> e.buildTreeUnder(tree, new BuildTreeContext()));
    List<AbstractThreadGroup> groups = new ArrayList<>();
    for (Object key : tree.list()) {
      if (key instanceof AbstractThreadGroup group) {
        groups.add(group);
      }
    }
    return groups;
  }

  private static List<String> rows(AbstractThreadGroup ultimate) {
    CollectionProperty rows = (CollectionProperty) ultimate.getProperty("ultimatethreadgroupdata");
    List<String> threads = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      threads.add(((CollectionProperty) rows.get(i)).get(0).getStringValue());
    }
    return threads;
  }
}
