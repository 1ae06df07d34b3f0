package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tests never write the developer's run history: the build's test executions point
 * {@code perf.history.dir} under {@code target/} (pom: {@code perf.test-history.dir}), while the
 * perf profile (main job, nightly) keeps the configured or default {@code .perf-history}.
 */
class HistoryLocationTest {

  @Test
  void shouldWriteHistoryUnderTargetWhenRunByTheBuild() {
    // Only the key the build sets is read from this JVM: other -Dperf.* flags do not matter here.
    String built = System.getProperty(ConfigKey.HISTORY_DIR.key(), "");
    Path dir = PerfConfig.of(Map.of(ConfigKey.HISTORY_DIR.key(), built)).history()
        .directory().toAbsolutePath().normalize();
    Path target = Path.of("target").toAbsolutePath().normalize();

    assertThat(dir).as("perf.history.dir of a test run (mvn test / mvn verify)")
        .startsWithRaw(target);
  }

  @Test
  void shouldKeepTheDevelopersHistoryWhenNoKeyIsSet() {
    PerfConfig config = PerfConfig.from(new ConfigSource(Map.of(),
        Map.of(), Map.of()));

    assertThat(config.history().directory()).as("default of perf.history.dir")
        .isEqualTo(Path.of(".perf-history"));
  }
}
