package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.diagnostics.ConsoleCapture;
import dev.perfsuite.diagnostics.LogLevel;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Levels are per JVM: this class runs alone and restores the tests' configuration after each. */
@Isolated
@ExtendWith(ConsoleCapture.class)
class PerfLogTest {
  private static final Logger LOG = LoggerFactory.getLogger(PerfLogTest.class);

  @Test
  void shouldPrintDebugLinesWhenPerfLogIsDebug() {
    PerfLog.apply(ConfigSource.of(Map.of("perf.log", "debug")));
    String console = ConsoleCapture.of(() -> LOG.debug("probe: results under target/"));

    assertThat(console).as("-Dperf.log=debug: the suite's debug line on the console")
        .contains("DEBUG PerfLogTest: probe: results under target/");
  }

  @Test
  void shouldHideDebugLinesAndShowInfoByDefault() {
    assertThat(PerfLog.apply(ConfigSource.of(Map.of()))).as("no explicit level").isEmpty();
    String console = ConsoleCapture.of(() -> {
      LOG.debug("probe: hidden");
      LOG.info("probe: shown");
    });

    assertThat(console).as("perf.log unset").doesNotContain("probe: hidden")
        .contains("probe: shown");
  }

  @Test
  void shouldAcceptTheLevelInAnyCase() {
    assertThat(PerfLog.apply(ConfigSource.of(Map.of("perf.log", "WARN"))))
        .as("perf.log=WARN").contains(LogLevel.WARN);
  }

  @Test
  void shouldRejectAnUnknownLevelNamingKeyValueAndAccepted() {
    assertThatThrownBy(() -> PerfLog.apply(ConfigSource.of(Map.of("perf.log", "verbose"))))
        .as("perf.log=verbose")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("'verbose'")
        .hasMessageContaining("perf.log")
        .hasMessageContaining("one of error, warn, info, debug, trace")
        .hasMessageContaining("Fix: change -Dperf.log=...");
  }
}
