package dev.perfsuite.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * The plugins a plan names are found in its text, fetched through Maven (the local repository
 * is the cache) and loaded: the common ones of jmeter-plugins.org; their functions are JMeter's
 * for a run only.
 */
@Timeout(600)
class PlanPluginsIT {
  private static final String PLAN = "<hashTree>"
      + "<kg.apc.jmeter.control.ParameterizedController testclass=\"kg.apc.jmeter.control."
      + "ParameterizedController\" testname=\"per user\"/>"
      + "<kg.apc.jmeter.perfmon.PerfMonCollector testclass=\"kg.apc.jmeter.perfmon."
      + "PerfMonCollector\" testname=\"server CPU\"/>"
      + "<kg.apc.jmeter.threads.UltimateThreadGroup testclass=\"kg.apc.jmeter.threads."
      + "UltimateThreadGroup\" testname=\"stepped\"/>"
      + "<kg.apc.jmeter.timers.VariableThroughputTimer testclass=\"kg.apc.jmeter.timers."
      + "VariableThroughputTimer\" testname=\"shape\"/>"
      + "<kg.apc.jmeter.samplers.DummySampler testclass=\"kg.apc.jmeter.samplers.DummySampler\""
      + " testname=\"dummy\"/>"
      + "<com.blazemeter.jmeter.RandomCSVDataSetConfig testclass=\"com.blazemeter.jmeter."
      + "RandomCSVDataSetConfig\" testname=\"random rows\"/>"
      + "<stringProp name=\"HTTPSampler.domain\">${__env(HOST,,127.0.0.1)}</stringProp>"
      + "</hashTree>";

  @Test
  void shouldFetchOnlyWhatTheSuiteLacksAndLoadItsClassesAndFunctions() throws Exception {
    new JmeterEnvironment();
    ClassLoader suite = PlanPluginsIT.class.getClassLoader();
    PlanPlugins plugins = PlanPlugins.of(PLAN, suite);
    assertThat(plugins.artifacts()).as("Custom Thread Groups, Throughput Shaping Timer, Dummy "
        + "Sampler and Random CSV come with jmeter-java-dsl; the rest is fetched")
        .containsExactlyInAnyOrder("kg.apc:jmeter-plugins-functions:2.1",
            "kg.apc:jmeter-plugins-perfmon:2.1", "kg.apc:jmeter-plugins-prmctl:0.4");
    assertThat(plugins.describe()).as("named with versions and what asked for them")
        .contains("kg.apc:jmeter-plugins-functions:2.1 (for ${__env()})");

    List<Path> jars = PluginFetch.jars(Path.of("plan.jmx"), plugins.artifacts());
    PluginLoader loader = PluginLoader.of("perf.jmx.plugins", jars, suite);
    assertThat(Class.forName("kg.apc.jmeter.control.ParameterizedController", false, loader))
        .as("Parameterized Controller").isNotNull();
    assertThat(Class.forName("kg.apc.jmeter.perfmon.PerfMonCollector", false, loader))
        .as("PerfMon's client side").isNotNull();
    try (PluginFunctions run = PluginFunctions.register(loader)) {
      assertThat(new CompoundVariable("${__env(PERF_SUITE_UNSET_VARIABLE,,fallback)}").execute())
          .as("Custom Functions' __env, registered with JMeter for the run").isEqualTo("fallback");
      assertThat(PlanPlugins.of(PLAN, loader).artifacts()).as("the elements load; a function "
          + "registered for a run stays named for every plan that uses it")
          .containsExactly("kg.apc:jmeter-plugins-functions:2.1");
    }
    assertThat(new CompoundVariable("${__env(PERF_SUITE_UNSET_VARIABLE,,fallback)}").execute())
        .as("after the run JMeter no longer knows __env: the text stays literal")
        .isEqualTo("${__env(PERF_SUITE_UNSET_VARIABLE,,fallback)}");
    try (PluginFunctions first = PluginFunctions.register(loader)) {
      PluginFunctions second = PluginFunctions.register(loader);
      first.close();
      assertThat(CompoundVariable.getFunctionNames()).as("overlapping runs share a function: "
          + "the first to end leaves it to the other").contains("__env");
      second.close();
      assertThat(CompoundVariable.getFunctionNames()).as("the last to end removes it")
          .doesNotContain("__env");
    }
  }
}
