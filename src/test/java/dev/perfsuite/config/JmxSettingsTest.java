package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmxSettingsTest {

  @Test
  void shouldReadThePropsKeyFamilyWithoutCallingItUnknown() {
    ConfigSource source = new ConfigSource(Map.of("perf.jmx.props.shop.host", "127.0.0.1",
        "perf.jmx.load", "profile", "perf.jmx", "a.jmx, b.jmx"), Map.of(),
        Map.of("perf.jmx.props.shop.port", "8080", "perf.jmx.props.shop.host", "ignored"));

    assertThat(source.checkUnknownKeys()).isEmpty();
    JmxSettings settings = JmxSettings.from(source);
    assertThat(settings.properties()).as("system properties win over perf.properties")
        .isEqualTo(Map.of("shop.host", "127.0.0.1", "shop.port", "8080"));
    assertThat(settings.load()).isEqualTo(JmxLoad.PROFILE);
    assertThat(settings.plans()).containsExactly("a.jmx", "b.jmx");
    assertThat(settings.defaultErrorPercent()).isEqualTo(1.0);
  }

  @Test
  void shouldStillRejectAMistypedJmxKeyNamingTheRightOne() {
    ConfigSource source = new ConfigSource(Map.of("perf.jmx.lod", "profile"), Map.of(),
        Map.of());
    assertThatThrownBy(source::checkUnknownKeys).hasMessageContaining("perf.jmx.lod")
        .hasMessageContaining("did you mean perf.jmx.load?");
  }

  @Test
  void shouldFailNamingKeyAndAcceptedValues() {
    ConfigSource source = new ConfigSource(Map.of("perf.jmx.load", "sometimes",
        "perf.jmx.keep-listeners", "graphs"), Map.of(), Map.of());
    assertThatThrownBy(() -> JmxSettings.from(source))
        .hasMessageContaining("perf.jmx.load").hasMessageContaining("one of plan, profile")
        .hasMessageContaining("perf.jmx.keep-listeners");
  }

  @Test
  void shouldFollowJmeterAndFetchPluginsByDefaultAndReadStrictAndOff() {
    JmxSettings defaults = JmxSettings.from(new ConfigSource(Map.of(), Map.of(), Map.of()));
    assertThat(defaults.strict()).as("JMeter's semantics by default").isFalse();
    assertThat(defaults.plugins()).isEqualTo(JmxPlugins.AUTO);
    JmxSettings set = JmxSettings.from(new ConfigSource(Map.of("perf.jmx.strict", "true",
        "perf.jmx.plugins", "off"), Map.of(), Map.of()));
    assertThat(set.strict()).isTrue();
    assertThat(set.plugins()).isEqualTo(JmxPlugins.OFF);
    assertThatThrownBy(() -> JmxSettings.from(new ConfigSource(Map.of("perf.jmx.plugins",
        "sometimes"), Map.of(), Map.of()))).hasMessageContaining("perf.jmx.plugins")
        .hasMessageContaining("one of auto, off");
  }
}
