package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.http.SuiteHttpSampler;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.modifiers.JSR223PreProcessor;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.SamplePackage;
import org.apache.jmeter.threads.TestCompiler;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

/** The config elements of a user's sampler: merged once when constant, per sample otherwise. */
class MergedConfigsTest {

  @Test
  void shouldMergeAConstantHeaderManagerOncePerUser() {
    User user = new User(group(headers("Accept", "application/json"), defaults("example.org")));

    HeaderManager first = user.sample();

    assertThat(user.sampler.getHeaderManager()).as("header manager kept after the first sample")
        .isSameAs(first).isNotNull();
    assertThat(user.sampler.getDomain()).as("default domain kept after the first sample")
        .isEqualTo("example.org");
    assertThat(user.sample()).as("header manager of the second sample").isSameAs(first);
  }

  @Test
  void shouldMergeAHeaderWithAVariableForEverySample() {
    User user = new User(group(headers("Authorization", "Bearer ${token}"),
        defaults("example.org")));

    user.sample();

    assertThat(user.sampler.getHeaderManager()).as("header manager after the undo walk")
        .isNull();
    assertThat(user.sampler.getDomain()).as("default domain after the undo walk").isEmpty();
  }

  @Test
  void shouldWalkBackEverySampleWhenAPreProcessorMayChangeTheSampler() {
    User user = new User(group(headers("Accept", "application/json"), defaults("example.org"),
        new JSR223PreProcessor()));

    user.sample();

    assertThat(user.sampler.getHeaderManager()).as("header manager after the undo walk")
        .isNull();
  }

  @Test
  void shouldKeepTheUsersOwnCookieManagerMerged() {
    User user = new User(group(headers("Accept", "text/html"), cookies()));

    user.sample();

    assertThat(user.sampler.getCookieManager()).as("the user's cookie manager, kept merged")
        .isInstanceOf(UserCookies.class);
  }

  /** One user's copy of the plan, configured for samples as JMeter's thread does. */
  private static final class User {
    final TestCompiler compiler;
    final SuiteHttpSampler sampler;

    User(ListedHashTree plan) {
      HashTree mine = UserPlan.of(plan).copyForUser();
      compiler = new TestCompiler(mine);
      mine.traverse(compiler);
      HashTree groupTree = mine.getTree(mine.getArray()[0]);
      sampler = (SuiteHttpSampler) groupTree.list().stream()
          .filter(SuiteHttpSampler.class::isInstance).findFirst().orElseThrow();
    }

    /** Configures the sampler, returns its merged header manager, then walks back. */
    HeaderManager sample() {
      SamplePackage pack = compiler.configureSampler(sampler);
      HeaderManager merged = sampler.getHeaderManager();
      compiler.done(pack);
      return merged;
    }
  }

  private static ListedHashTree group(TestElement... configs) {
    UserGroup group = new UserGroup();
    group.setName("g");
    group.setSamplerController(new LoopController());
    ListedHashTree tree = new ListedHashTree();
    HashTree under = tree.add(group);
    SuiteHttpSampler sampler = new SuiteHttpSampler();
    sampler.setName("request");
    sampler.setPath("/");
    under.add(sampler);
    for (TestElement config : configs) {
      under.add(config);
    }
    return tree;
  }

  private static HeaderManager headers(String name, String value) {
    HeaderManager headers = new HeaderManager();
    headers.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.gui.HeaderPanel");
    headers.add(new Header(name, value));
    return headers;
  }

  private static ConfigTestElement defaults(String domain) {
    ConfigTestElement defaults = new ConfigTestElement();
    defaults.setProperty(TestElement.GUI_CLASS,
        "org.apache.jmeter.protocol.http.config.gui.HttpDefaultsGui");
    defaults.setProperty(HTTPSamplerBase.DOMAIN, domain);
    return defaults;
  }

  private static CookieManager cookies() {
    CookieManager cookies = new CookieManager();
    cookies.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.protocol.http.gui.CookiePanel");
    return cookies;
  }
}
