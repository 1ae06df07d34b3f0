package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.HttpClientKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpClientSettingTest {

  @Test
  void shouldRunTheSuitesClientByDefault() {
    assertThat(RunSettings.of(Map.of()).httpClient()).as("default")
        .isEqualTo(HttpClientKind.SUITE);
  }

  @Test
  void shouldReadTheSuitesClient() {
    assertThat(RunSettings.of(Map.of("perf.http.client", "suite")).httpClient())
        .as("perf.http.client=suite").isEqualTo(HttpClientKind.SUITE);
  }

  @Test
  void shouldNameKeyValueAndAcceptedFormOnABadValue() {
    Map<String, String> bad = Map.of("perf.http.client", "netty");

    assertThatThrownBy(() -> RunSettings.of(bad)).as("bad value")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.client")
        .hasMessageContaining("netty").hasMessageContaining("one of suite, jmeter");
  }
}
