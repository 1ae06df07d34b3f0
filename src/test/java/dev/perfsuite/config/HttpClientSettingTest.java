package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.HttpClientKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpClientSettingTest {

  @Test
  void shouldRunTheSuitesClientByDefault() {
    assertThat(ScenarioSettings.httpClient(ConfigSource.of(Map.of()))).as("default")
        .isEqualTo(HttpClientKind.SUITE);
  }

  @Test
  void shouldReadTheSuitesClient() {
    assertThat(ScenarioSettings.httpClient(ConfigSource.of(Map.of("perf.http.client", "suite"))))
        .as("perf.http.client=suite").isEqualTo(HttpClientKind.SUITE);
  }

  @Test
  void shouldNameKeyValueAndAcceptedFormOnABadValue() {
    ConfigSource bad = ConfigSource.of(Map.of("perf.http.client", "netty"));

    assertThatThrownBy(() -> ScenarioSettings.httpClient(bad)).as("bad value")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.client")
        .hasMessageContaining("netty").hasMessageContaining("one of suite, jmeter");
  }
}
