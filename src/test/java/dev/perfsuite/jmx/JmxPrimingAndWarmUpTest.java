package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.Profiles;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;

/** Priming and warm-up of a JMX that keeps its own thread groups. */
class JmxPrimingAndWarmUpTest {
  private static ImportedPlan load(JmxLoad load, Duration warmUp, Duration prime) {
    return JmxPlans.load(JmxFixtures.file("shop-checkout.jmx"), JmxFixtures.settings(load,
        JmxFixtures.shop(9), warmUp, prime), Profiles.smoke());
  }

  @Test
  void shouldNotPrimeAPlanDrivenJmxUnlessPrimeIsSet() {
    ImportedPlan imported = load(JmxLoad.PLAN, null, null);
    assertThat(imported.primer()).as("no priming run: it would rerun the whole plan").isEmpty();
    assertThat(imported.notes()).anyMatch(n -> n.contains("not primed"));
  }

  @Test
  void shouldPrimeOnFreshCopiesWithABoundedJourneyWhenPrimeIsSet() {
    ImportedPlan imported = load(JmxLoad.PLAN, null, Duration.ofSeconds(2));
    assertThat(imported.primer()).as("perf.prime set: primed").isPresent();
    LoadPlan primer = imported.primer().orElseThrow();
    assertThat(primer.ownThreadGroups())
        .as("the priming pass runs under the suite's bounded priming group, not the plan's")
        .isFalse();
    Set<TestElement> measured = elements(imported.plan());
    Set<TestElement> primed = elements(primer);
    assertThat(primed).as("priming elements").isNotEmpty();
    primed.retainAll(measured);
    assertThat(primed).as("no element object is shared by priming and the measured run")
        .isEmpty();
  }

  @Test
  void shouldCountEverySampleOfAPlanDrivenJmxUnlessWarmUpIsSet() {
    assertThat(load(JmxLoad.PLAN, null, null).plan().profile().warmUp())
        .as("the suite profile's warm-up does not apply to the plan's own groups")
        .isZero();
    assertThat(load(JmxLoad.PLAN, Duration.ofSeconds(1), null).plan().profile().warmUp())
        .as("perf.warm-up set by the user").isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void shouldKeepTheSuiteWarmUpAndPrimingWhenTheProfileDrivesTheJmx() {
    ImportedPlan imported = load(JmxLoad.PROFILE, null, null);
    assertThat(imported.plan().profile().warmUp()).isEqualTo(Profiles.smoke().warmUp());
    assertThat(imported.primer()).as("profile-driven: primed on copies").isPresent();
  }

  private static Set<TestElement> elements(LoadPlan plan) {
    HashTree tree = new HashTree();
    BuildTreeContext context = new BuildTreeContext();
    plan.planElements().forEach(e -> e.buildTreeUnder(tree, context));
    plan.journey().forEach(e -> e.buildTreeUnder(tree, context));
    Set<TestElement> all = Collections.newSetFromMap(new IdentityHashMap<>());
    collect(tree, all);
    return all;
  }

  private static void collect(HashTree tree, Set<TestElement> all) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element) {
        all.add(element);
      }
      collect(tree.getTree(key), all);
    }
  }
}
