package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ScenarioSettingsTest {
  private static final SystemKey<Duration> LATENCY = SystemKey.duration("perf.shop.db-latency",
      "25ms", "Latency of the shop's database link.");
  @AfterEach
  void clear() {
    System.clearProperty("perf.warm-up.origin");
    System.clearProperty("perf.shop.db-latency");
  }

  @Test
  void shouldDefaultToTestStartAnd25MsDatabaseLatency() {
    assertThat(ScenarioSettings.warmUpOrigin()).isEqualTo(WarmUpOrigin.TEST_START);
    assertThat(ScenarioSettings.value(LATENCY)).contains(Duration.ofMillis(25));
  }

  @Test
  void shouldReadFirstSample() {
    System.setProperty("perf.warm-up.origin", "first-sample");
    assertThat(ScenarioSettings.warmUpOrigin()).isEqualTo(WarmUpOrigin.FIRST_SAMPLE);
  }

  @Test
  void shouldNameKeyValueAndAcceptedFormOnBadValues() {
    System.setProperty("perf.warm-up.origin", "first");
    assertThatThrownBy(ScenarioSettings::warmUpOrigin).isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.warm-up.origin").hasMessageContaining("first")
        .hasMessageContaining("test-start, first-sample");
    System.setProperty("perf.shop.db-latency", "25");
    assertThatThrownBy(() -> ScenarioSettings.value(LATENCY))
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.shop.db-latency")
        .hasMessageContaining("'25'").hasMessageContaining("a duration such as");
  }
}
