package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxPlugins;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMX plan's plugins, fetched for its load and run, are that plan's: a later plan without them
 * is refused rather than served by a function an earlier run registered.
 */
@Timeout(600)
class JmxPluginsIT {

  @Test
  void shouldRefuseASecondPlanWithoutThePluginAfterAPlanThatFetchedIt(@TempDir Path dir)
      throws Exception {
    Path jmx = dir.resolve("env-host.jmx");
    Files.copy(JmxFieldCorpusIT.DIR.resolve("field-07-plugin-function.jmx"), jmx);
    JmxSettings auto = JmxSettings.defaults().withProperties(Map.of("field.port", "8080"))
        .withSemantics(false, JmxPlugins.AUTO);
    ImportedPlan first = JmxPlans.load(jmx, auto, JmxFieldCorpusIT.PROFILE);
    assertThat(first.withClassLoader(() -> List.of(CompoundVariable.getFunctionNames())))
        .as("the first plan's run knows its plugin function").contains("__env");
    assertThat(CompoundVariable.getFunctionNames()).as("JMeter after that run")
        .doesNotContain("__env");
    assertThatThrownBy(() -> JmxPlans.load(jmx, auto.withSemantics(false, JmxPlugins.OFF),
        JmxFieldCorpusIT.PROFILE)).as("a second plan without the plugin is refused, not "
        + "silently served by the first plan's function")
        .isInstanceOf(JmxException.class).hasMessageContaining("${__env(...)}")
        .hasMessageContaining("kg.apc:jmeter-plugins-functions");
  }
}
