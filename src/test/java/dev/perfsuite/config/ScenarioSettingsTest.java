package dev.perfsuite.config;

import dev.perfsuite.config.settings.WarmUpOrigin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScenarioSettingsTest {
  private static final SystemKey<Duration> LATENCY = SystemKey.duration("perf.shop.db-latency",
      "25ms", "Latency of the shop's database link.");

  @Test
  void shouldDefaultToTestStartAnd25MsDatabaseLatency() {
    ConfigSource none = ConfigSource.of(Map.of());
    assertThat(ScenarioSettings.warmUpOrigin(none)).isEqualTo(WarmUpOrigin.TEST_START);
    assertThat(ScenarioSettings.value(LATENCY, none)).contains(Duration.ofMillis(25));
  }

  @Test
  void shouldReadFirstSample() {
    assertThat(ScenarioSettings.warmUpOrigin(ConfigSource.of(
        Map.of("perf.warm-up.origin", "first-sample")))).isEqualTo(WarmUpOrigin.FIRST_SAMPLE);
  }

  @Test
  void shouldNameKeyValueAndAcceptedFormOnBadValues() {
    ConfigSource badOrigin = ConfigSource.of(Map.of("perf.warm-up.origin", "first"));
    assertThatThrownBy(() -> ScenarioSettings.warmUpOrigin(badOrigin))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.warm-up.origin").hasMessageContaining("first")
        .hasMessageContaining("test-start, first-sample");
    ConfigSource badLatency = ConfigSource.of(Map.of("perf.shop.db-latency", "25"));
    assertThatThrownBy(() -> ScenarioSettings.value(LATENCY, badLatency))
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.shop.db-latency")
        .hasMessageContaining("'25'").hasMessageContaining("a duration such as");
  }
}
