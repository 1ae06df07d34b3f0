package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.config.settings.LatencyRule;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code perf.abort.latency} and its window: the rule syntax, and bad values before load. */
class LatencyRuleTest {

  private static PerfConfig with(String key, String value) {
    return PerfConfig.from(new ConfigSource(Map.of(key, value), Map.of(), Map.of()));
  }

  @Test
  void shouldReadPercentileFigureAndLimit() {
    assertThat(LatencyRule.parseAll("p95>800ms, service.p99.9>2s ,RESPONSE.P50 > 1m"))
        .as("three rules").containsExactly(
            new LatencyRule(LatencyFigure.RESPONSE, 95, Duration.ofMillis(800)),
            new LatencyRule(LatencyFigure.SERVICE, 99.9, Duration.ofSeconds(2)),
            new LatencyRule(LatencyFigure.RESPONSE, 50, Duration.ofMinutes(1)));
    assertThat(LatencyRule.parse("raw.p99>1s").figure()).as("raw = service")
        .isEqualTo(LatencyFigure.SERVICE);
    assertThat(LatencyRule.parse("p99.9>1s")).as("canonical form")
        .hasToString("response.p99.9>1000ms");
  }

  @Test
  void shouldDefaultToNoRuleAndATenSecondWindow() {
    PerfConfig config = PerfConfig.from(new ConfigSource(Map.of(), Map.of(), Map.of()));

    assertThat(config.abort().latencyRules()).as("perf.abort.latency default").isEmpty();
    assertThat(config.abort().latencyWindow()).as("perf.abort.latency-window default")
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(with("perf.abort.latency", "OFF").abort().latencyRules()).isEmpty();
  }

  @Test
  void shouldFailBeforeLoadNamingKeyValueAndFixForABadRule() {
    for (String bad : new String[] {"p95<800ms", "p95>800", "p0>1s", "p101>1s", "latency>1s",
        "p95>800ms,", "p95>0ms"}) {
      assertThatThrownBy(() -> with("perf.abort.latency", bad)).as(bad)
          .isInstanceOf(ConfigException.class)
          .hasMessageContaining("perf.abort.latency=" + bad)
          .hasMessageContaining("Fix: a rule such as p95>800ms");
    }
  }

  @Test
  void shouldFailBeforeLoadOnAWindowUnderOneSecond() {
    assertThatThrownBy(() -> with("perf.abort.latency-window", "500ms"))
        .as("window under 1 s").isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.abort.latency-window=500ms is shorter than 1 s")
        .hasMessageContaining("Fix: a duration such as 10s");
  }
}
