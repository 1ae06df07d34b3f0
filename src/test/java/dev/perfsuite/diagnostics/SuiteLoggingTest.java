package dev.perfsuite.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Levels are per JVM: this class runs alone and restores the tests' configuration after each. */
@Isolated
@ExtendWith(ConsoleCapture.class)
class SuiteLoggingTest {
  private static final Logger LOG = LoggerFactory.getLogger(SuiteLoggingTest.class);

  @Test
  void shouldPrintTheSuitesInfoLinesAndWarningsAsTheConsoleDidBefore() {
    String console = ConsoleCapture.of(() -> {
      LOG.info("Backend echo started");
      LOG.warn("no JMeter dashboard");
      LOG.debug("hidden detail");
    });

    assertThat(console).as("the tests' log4j2-test.xml: info plain, warnings prefixed")
        .contains("Backend echo started" + System.lineSeparator())
        .contains("WARNING: no JMeter dashboard")
        .doesNotContain("hidden detail");
  }

  @Test
  void shouldRaiseTheSuitesLoggersToDebugOverTheConfiguration() {
    SuiteLogging.set(LogLevel.DEBUG);
    String console = ConsoleCapture.of(() -> LOG.debug("chosen provider: embedded"));

    assertThat(SuiteLogging.current()).as("level after set(DEBUG)").contains(LogLevel.DEBUG);
    assertThat(console).as("a debug line, with its class")
        .contains("DEBUG SuiteLoggingTest: chosen provider: embedded");
  }

  @Test
  void shouldQuietTheSuiteToErrors() {
    SuiteLogging.set(LogLevel.ERROR);
    String console = ConsoleCapture.of(() -> LOG.warn("a warning"));

    assertThat(console).as("warnings under perf.log=error").doesNotContain("a warning");
  }

  @Test
  void shouldShowInfoByDefaultWhereLog4jHasNoConfigurationForTheSuite() {
    // Log4j 2 without a configuration file logs errors only: the suite's default must lift it.
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    context.setConfiguration(new DefaultConfiguration());
    assertThat(SuiteLogging.current()).as("Log4j's default configuration").contains(LogLevel.ERROR);

    SuiteLogging.keepVisible();

    assertThat(SuiteLogging.current()).as("after keepVisible()").contains(LogLevel.INFO);
  }

  @Test
  void shouldLeaveALevelTheConfigurationSetsForTheSuite() {
    // log4j2-test.xml names dev.perfsuite; a user's configuration at debug must stay at debug.
    Configurator.setLevel(SuiteLogging.LOGGERS,
        Level.DEBUG);

    SuiteLogging.keepVisible();

    assertThat(SuiteLogging.current()).as("a configured level is the user's").contains(
        LogLevel.DEBUG);
  }
}
