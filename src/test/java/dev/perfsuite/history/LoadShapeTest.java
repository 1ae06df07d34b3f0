package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.PerfConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadShapeTest {

  @Test
  void shouldDescribeModelLevelThinkTimeDurationAndEngines() {
    PerfConfig open = PerfConfig.of(Map.of("perf.target-rate", "200", "perf.hold", "40s",
        "perf.ramp-up", "0s", "perf.warm-up", "0s"));
    PerfConfig closed = PerfConfig.of(Map.of("perf.threads", "20", "perf.hold", "40s",
        "perf.ramp-up", "0s", "perf.warm-up", "0s", "perf.think-time", "250ms"));

    assertThat(LoadShape.of(open).describe()).as("open model")
        .isEqualTo("open 200 req/s, think 0s, 40s, 1 engine");
    assertThat(LoadShape.of(closed).describe()).as("closed model")
        .isEqualTo("closed 20 users, think 250ms, 40s, 1 engine");
  }

  @Test
  void shouldDifferWhenOnlyTheUsersOrTheDurationDiffer() {
    Map<String, String> base = Map.of("perf.threads", "20", "perf.hold", "40s",
        "perf.ramp-up", "0s", "perf.warm-up", "0s");
    LoadShape twenty = LoadShape.of(PerfConfig.of(base));
    LoadShape thirty = LoadShape.of(PerfConfig.of(Map.of("perf.threads", "30", "perf.hold", "40s",
        "perf.ramp-up", "0s", "perf.warm-up", "0s")));
    LoadShape longer = LoadShape.of(PerfConfig.of(Map.of("perf.threads", "20", "perf.hold",
        "80s", "perf.ramp-up", "0s", "perf.warm-up", "0s")));

    assertThat(twenty.describe()).as("users").isNotEqualTo(thirty.describe());
    assertThat(twenty.describe()).as("duration").isNotEqualTo(longer.describe());
    assertThat(twenty.describe()).as("same flags, same shape")
        .isEqualTo(LoadShape.of(PerfConfig.of(base)).describe());
  }
}
