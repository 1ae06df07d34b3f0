package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.config.ConfigException;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.http.SuiteHttpSampler;
import dev.perfsuite.users.UserConnections;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

class HttpClientChoiceTest {
  private static final String URL = "http://127.0.0.1:1/x";
  private static final RunSettings SUITE = RunSettings.of(Map.of("perf.http.client", "suite"));
  private static final RunSettings JMETER = RunSettings.of(Map.of("perf.http.client", "jmeter"));
  private static final RunSettings SUITE_POOL_OF_3 = RunSettings.of(Map.of(
      "perf.http.client", "suite", "perf.users.connections.max", "3"));

  @Test
  void shouldLeaveTheTreeAloneForJmetersClient() {
    List<String> warnings = new ArrayList<>();

    assertThat(HttpClientChoice.of(JMETER, UserConnections.PER_USER,
        warnings)).as("child").isEmpty();
    assertThat(warnings).as("warnings").isEmpty();
  }

  @Test
  void shouldRefuseSharedConnectionsOnJmetersClientNamingTheFix() {
    assertThatThrownBy(() -> HttpClientChoice.of(JMETER, UserConnections.SHARED,
        new ArrayList<>())).as("shared on JMeter's client")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.users.connections=shared")
        .hasMessageContaining("Fix: -Dperf.http.client=suite");
  }

  @Test
  void shouldPutTheSharedPoolsSizeInTheTree() {
    TestPlanChild swap = HttpClientChoice.of(SUITE_POOL_OF_3, UserConnections.SHARED,
        new ArrayList<>()).orElseThrow();

    HashTree tree = BuiltTree.build(testPlan(httpCache().disable(),
        threadGroup(1, 1, httpSampler("get", URL)), swap));

    assertThat(samplers(tree)).as("samplers").singleElement()
        .isInstanceOf(SuiteHttpSampler.class)
        .satisfies(s -> assertThat(s.getPropertyAsInt("SuiteHttpSampler.shared_connections"))
            .as("pool size in the tree").isEqualTo(3));
  }

  @Test
  void shouldSwapTheBuiltTreesSamplers() {
    List<String> warnings = new ArrayList<>();
    TestPlanChild swap = HttpClientChoice.of(SUITE, UserConnections.PER_USER,
        warnings).orElseThrow();

    HashTree tree = BuiltTree.build(testPlan(httpCache().disable(),
        threadGroup(1, 1, httpSampler("get", URL)), swap));

    assertThat(samplers(tree)).as("samplers")
        .singleElement().isInstanceOf(SuiteHttpSampler.class);
    assertThat(warnings).as("warnings").isEmpty();
  }

  @Test
  void shouldPutTheRunsHttpVersionOnTheSwappedSamplers() {
    RunSettings http2 = RunSettings.of(Map.of("perf.http.client", "suite",
        "perf.http.version", "2"));
    TestPlanChild swap = HttpClientChoice.of(http2, UserConnections.PER_USER,
        new ArrayList<>()).orElseThrow();

    HashTree tree = BuiltTree.build(testPlan(httpCache().disable(),
        threadGroup(1, 1, httpSampler("get", URL)), swap));

    assertThat(samplers(tree)).as("samplers").singleElement()
        .satisfies(s -> assertThat(s.getPropertyAsString("SuiteHttpSampler.http_version"))
            .as("perf.http.version=2 in the tree the engines run").isEqualTo("2"));
  }

  @Test
  void shouldRefuseHttp2WhereItCannotBeSpokenNamingTheFix() {
    RunSettings onJmeter = RunSettings.of(Map.of("perf.http.client", "jmeter",
        "perf.http.version", "2"));
    RunSettings suite = RunSettings.of(Map.of("perf.http.client", "suite",
        "perf.http.version", "auto"));

    assertThatThrownBy(() -> HttpClientChoice.of(onJmeter, UserConnections.PER_USER,
        new ArrayList<>())).as("HTTP/2 on JMeter's client")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.version=2")
        .hasMessageContaining("perf.http.client=jmeter").hasMessageContaining("Fix:");
    assertThatThrownBy(() -> HttpClientChoice.of(suite, UserConnections.SHARED,
        new ArrayList<>())).as("HTTP/2 on the shared HTTP/1.1 pool")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.version=auto")
        .hasMessageContaining("perf.users.connections=shared").hasMessageContaining("Fix:");
  }

  @Test
  void shouldNameAKeptLabelOnceWhenTheTreeIsBuiltTwice() {
    List<String> warnings = new ArrayList<>();
    TestPlanChild swap = HttpClientChoice.of(SUITE, UserConnections.PER_USER,
        warnings).orElseThrow();
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
