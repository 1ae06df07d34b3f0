package dev.perfsuite.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One table names the artifact of a plugin's class or function, for the fetch and the fix. */
class PluginArtifactsTest {

  @Test
  void shouldNameTheArtifactOfTheLongestListedClassPrefix() {
    assertThat(PluginArtifacts.forClass("kg.apc.jmeter.threads.UltimateThreadGroup"))
        .as("Custom Thread Groups, not the kg.apc.jmeter. catch-all")
        .map(PluginArtifacts.Artifact::fetched).contains("kg.apc:jmeter-plugins-casutg:2.10");
    assertThat(PluginArtifacts.forClass("kg.apc.jmeter.vizualizers.CorrectedResultCollector"))
        .as("a graph: named for the fix, not fetched")
        .map(PluginArtifacts.Artifact::version).contains(Optional.empty());
    assertThat(PluginArtifacts.forClass("org.example.Unknown")).as("not a listed plugin")
        .isEmpty();
  }

  @Test
  void shouldNameTheArtifactOfAFunctionInAnyCase() {
    assertThat(PluginArtifacts.forFunction("__base64encode")).as("JMeter's case differs")
        .map(PluginArtifacts.Artifact::fetched).contains("kg.apc:jmeter-plugins-functions:2.1");
    assertThat(PluginArtifacts.forFunction("__P")).as("JMeter's own function").isEmpty();
  }

  @Test
  void shouldGiveTheFixOfAMissingClassFromTheSameTableTheFetchReads() {
    assertThat(PluginArtifacts.fixForClass("kg.apc.jmeter.timers.VariableThroughputTimer"))
        .as("a fetchable plugin's fix names its version and the fetch")
        .contains("kg.apc:jmeter-plugins-tst:2.5 (Throughput Shaping Timer)")
        .contains("-Dperf.jmx.plugins=auto");
    assertThat(PluginArtifacts.fixForClass("eu.luminis.jmeter.wssampler.OpenWebSocketSampler"))
        .as("a plugin named for the fix only")
        .contains("net.luminis.jmeter:jmeter-websocket-samplers (WebSocket Samplers)")
        .doesNotContain("perf.jmx.plugins=auto");
    assertThat(PluginArtifacts.fixForClass("org.example.Unknown")).as("an unknown class")
        .contains("the JMeter plugin jar that provides org.example.Unknown");
  }

  @Test
  void shouldRefuseARowThatIsNoCoordinatesNamingIt() {
    assertThat(PluginArtifacts.artifact("class.x.", "g:a:1 (what)")).as("a full row")
        .hasToString("g:a:1 (what)");
    assertThatThrownBy(() -> PluginArtifacts.artifact("class.x.", "g:a")).as("no version")
        .hasMessageContaining("class.x.=g:a");
  }
}
