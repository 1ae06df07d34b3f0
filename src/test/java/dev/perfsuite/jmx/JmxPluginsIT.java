package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

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
 * sends their calls literally, as JMeter leaves them, rather than being served by a function an
 * earlier run registered.
 */
@Timeout(600)
class JmxPluginsIT {

  @Test
  void shouldLeaveASecondPlanWithoutThePluginLiteralAfterAPlanThatFetchedIt(@TempDir Path dir)
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
    ImportedPlan second = JmxPlans.load(jmx, auto.withSemantics(false, JmxPlugins.OFF),
        JmxFieldCorpusIT.PROFILE);
    assertThat(second.notes()).as("a second plan without the plugin: warned, sent literally")
        .anyMatch(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("${__env(...)}")
            && n.contains("kg.apc:jmeter-plugins-functions") && n.contains("literally"));
    assertThat(second.withClassLoader(() -> List.of(CompoundVariable.getFunctionNames())))
        .as("its run is not served by the first plan's function").doesNotContain("__env");
  }
}
