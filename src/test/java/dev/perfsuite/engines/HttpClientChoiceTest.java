package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.http.SuiteHttpSampler;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

class HttpClientChoiceTest {
  private static final String URL = "http://127.0.0.1:1/x";

  @Test
  void shouldLeaveTheTreeAloneForJmetersClient() {
    List<String> warnings = new ArrayList<>();

    assertThat(HttpClientChoice.of(HttpClientKind.JMETER, true, warnings)).as("child").isEmpty();
    assertThat(warnings).as("warnings").isEmpty();
  }

  @Test
  void shouldSayRemoteEnginesKeepJmetersClient() {
    List<String> warnings = new ArrayList<>();

    assertThat(HttpClientChoice.of(HttpClientKind.SUITE, false, warnings)).as("child").isEmpty();
    assertThat(warnings).as("warnings")
        .containsExactly("perf.http.client=suite: remote engines keep JMeter's client");
  }

  @Test
  void shouldSwapTheBuiltTreesSamplers() {
    List<String> warnings = new ArrayList<>();
    TestPlanChild swap = HttpClientChoice.of(HttpClientKind.SUITE, true, warnings).orElseThrow();

    HashTree tree = BuiltTree.build(testPlan(httpCache().disable(),
        threadGroup(1, 1, httpSampler("get", URL)), swap));

    assertThat(samplers(tree)).as("samplers")
        .singleElement().isInstanceOf(SuiteHttpSampler.class);
    assertThat(warnings).as("warnings").isEmpty();
  }

  @Test
  void shouldNameAKeptLabelOnceWhenTheTreeIsBuiltTwice() {
    List<String> warnings = new ArrayList<>();
    TestPlanChild swap = HttpClientChoice.of(HttpClientKind.SUITE, true, warnings).orElseThrow();
    var plan = testPlan(httpCache().disable(), threadGroup(1, 1,
        httpSampler("java get", URL).clientImpl(DslHttpSampler.HttpClientImpl.JAVA)), swap);

    BuiltTree.build(plan);
    HashTree tree = BuiltTree.build(plan);

    assertThat(samplers(tree)).as("samplers")
        .singleElement().isNotInstanceOf(SuiteHttpSampler.class);
    assertThat(warnings).as("warnings")
        .containsExactly("java get: JMeter's client (implementation Java)");
  }

  private static List<HTTPSamplerBase> samplers(HashTree tree) {
    SearchByClass<HTTPSamplerBase> search = new SearchByClass<>(HTTPSamplerBase.class);
    tree.traverse(search);
    return new ArrayList<>(search.getSearchResults());
  }
}
