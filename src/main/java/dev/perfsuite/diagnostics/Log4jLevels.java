package dev.perfsuite.diagnostics;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Log4j 2's side of {@link SuiteLogging}: the only class that sets Log4j's levels.
 *
 * <p>The masking of Log4j's output lives with the secrets it masks (the config package).
 *
 * <p>Called only after {@link SuiteLogging} found Log4j 2 bound, so a class path with another
 * SLF4J binding and no {@code log4j-core} never links it.
 */
final class Log4jLevels {
  private Log4jLevels() {
  }

  static void set(String logger, LogLevel level) {
    Configurator.setLevel(logger, Level.valueOf(level.name()));
  }

  /** Whether the active configuration declares {@code logger} or a logger below it. */
  static boolean configured(String logger) {
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    return context.getConfiguration().getLoggers().keySet().stream()
        .anyMatch(name -> name.equals(logger) || name.startsWith(logger + "."));
  }
}
