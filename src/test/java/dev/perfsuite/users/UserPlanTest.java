package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.http.SuiteHttpSampler;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.control.IfController;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.modifiers.JSR223PreProcessor;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.HashTreeTraverser;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

class UserPlanTest {

  @Test
  void shouldShareConstantElementsAndCopyTheRest() {
    HeaderManager headers = headers("Accept", "application/json");
    ConstantTimer think = timer("1000");
    SuiteHttpSampler sampler = new SuiteHttpSampler();
    CookieManager cookies = new CookieManager();
    ListedHashTree tree = group(sampler, headers, think, cookies);

    HashTree mine = UserPlan.of(tree).copyForUser();

    assertThat(shared(mine, headers)).as("constant header manager shared").isTrue();
    assertThat(shared(mine, think)).as("constant timer shared").isTrue();
    assertThat(shared(mine, sampler)).as("sampler shared").isFalse();
    assertThat(shared(mine, cookies)).as("cookie manager shared").isFalse();
    assertThat(elementsOf(mine)).as("user's elements").hasSize(elementsOf(tree).size());
  }

  @Test
  void shouldCopyAHeaderManagerWithAVariableForEachUser() {
    HeaderManager headers = headers("Authorization", "Bearer ${token}");
    ListedHashTree tree = group(new SuiteHttpSampler(), headers);

    HashTree mine = UserPlan.of(tree).copyForUser();

    assertThat(shared(mine, headers)).as("header manager with ${token} shared").isFalse();
  }

  @Test
  void shouldCopyHttpRequestDefaultsForEachUser() {
    // JMeter may move its arguments collection into a sampler and merge later configs into it.
    ConfigTestElement defaults = new ConfigTestElement();
    defaults.setName("defaults");
    ListedHashTree tree = group(new SuiteHttpSampler(), defaults);

    assertThat(shared(UserPlan.of(tree).copyForUser(), defaults))
        .as("constant HTTP Request Defaults shared").isFalse();
  }

  @Test
  void shouldCopyAnElementWhoseCompiledPropertyIsAFunction() {
    ConstantTimer think = timer("0");
    think.setProperty(new FunctionProperty(ConstantTimer.DELAY,
        new CompoundVariable("${__Random(1,9)}")));
    ListedHashTree tree = group(new SuiteHttpSampler(), think);

    assertThat(shared(UserPlan.of(tree).copyForUser(), think)).as("timer with a function shared")
        .isFalse();
  }

  @Test
  void shouldKeepTheTreesOrderForEachUser() {
    ListedHashTree tree = group(timer("1"), timer("2"), headers("A", "b"), new CookieManager());

    HashTree mine = UserPlan.of(tree).copyForUser();

    assertThat(names(mine)).as("user's tree in the plan's order").isEqualTo(names(tree));
    assertThat(mine.getArray()[0]).as("root: the user's own group copy")
        .isInstanceOf(UserGroup.class).isNotSameAs(tree.getArray()[0]);
  }

  @Test
  void shouldFindNothingReadingThePreviousResultInAPlainHttpPlan() {
    ListedHashTree tree = group(new SuiteHttpSampler(), headers("A", "${b}"), timer("10"),
        new CookieManager(), new ConfigTestElement());

    assertThat(UserPlan.of(tree).readsPreviousResult()).as("plain HTTP plan").isFalse();
  }

  @Test
  void shouldKeepThePreviousResultWhenAPreProcessorMayReadIt() {
    ListedHashTree tree = group(new SuiteHttpSampler(), new JSR223PreProcessor());

    assertThat(UserPlan.of(tree).readsPreviousResult()).as("JSR223 pre-processor").isTrue();
  }

  @Test
  void shouldKeepThePreviousResultWhenAFunctionMayReadIt() {
    assertThat(UserPlan.of(group(new SuiteHttpSampler(),
        headers("X", "${__groovy(prev.getResponseCode())}"))).readsPreviousResult())
        .as("__groovy in a header").isTrue();
    IfController condition = new IfController();
    condition.setCondition("${x} == 1");
    assertThat(UserPlan.of(group(condition)).readsPreviousResult())
        .as("If Controller (its JavaScript sees prev)").isTrue();
  }

  private static ListedHashTree group(Object... children) {
    UserGroup group = new UserGroup();
    group.setName("g");
    group.setSamplerController(new LoopController());
    ListedHashTree tree = new ListedHashTree();
    HashTree under = tree.add(group);
    for (Object child : children) {
      under.add(child);
    }
    return tree;
  }

  private static HeaderManager headers(String name, String value) {
    HeaderManager headers = new HeaderManager();
    headers.setName("headers " + name);
    headers.add(new Header(name, value));
    return headers;
  }

  static ConstantTimer timer(String delay) {
    ConstantTimer timer = new ConstantTimer();
    timer.setName("timer " + delay);
    timer.setDelay(delay);
    return timer;
  }

  private static boolean shared(HashTree tree, Object element) {
    // Identity: a copy of an element equals it (same properties).
    return elementsOf(tree).stream().anyMatch(e -> e == element);
  }

  /** Every node of {@code tree}, depth first, in order. */
  static List<Object> elementsOf(HashTree tree) {
    List<Object> all = new ArrayList<>();
    tree.traverse(new HashTreeTraverser() {
      @Override
      public void addNode(Object node, HashTree subTree) {
        all.add(node);
      }

      @Override
      public void subtractNode() {
      }

      @Override
      public void processPath() {
      }
    });
    return all;
  }

  private static List<String> names(HashTree tree) {
    return elementsOf(tree).stream()
        .map(e -> ((TestElement) e).getName()).toList();
  }
}
