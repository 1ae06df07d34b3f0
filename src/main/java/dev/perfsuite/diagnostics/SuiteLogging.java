package dev.perfsuite.diagnostics;

import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets how much the suite's loggers ({@value #LOGGERS} and below) say, through the SLF4J binding
 * JMeter brings: Log4j 2 ({@code log4j-slf4j-impl} and {@code log4j-core}).
 *
 * <p>With another binding on the class path its own configuration decides: {@link #set} only
 * warns that {@code perf.log} has no effect there, and {@link #keepVisible} does nothing. Levels
 * are per JVM, as loggers are: the last call wins for every session of the JVM.
 */
public final class SuiteLogging {
  /** The parent of every logger of the suite. */
  public static final String LOGGERS = "dev.perfsuite";

  /** The factory {@code log4j-slf4j-impl} (SLF4J 1.7) and {@code log4j-slf4j2-impl} bind. */
  private static final String LOG4J_FACTORY = "org.apache.logging.slf4j.Log4jLoggerFactory";
  private static final Logger LOG = LoggerFactory.getLogger(SuiteLogging.class);

  private SuiteLogging() {
  }

  /**
   * Sets the suite's loggers to {@code level}, over what the logging configuration says: the
   * explicit {@code perf.log}. Loggers below {@value #LOGGERS} that the configuration names keep
   * their own level.
   */
  public static void set(LogLevel level) {
    if (log4j()) {
      Log4jLevels.set(LOGGERS, level);
      LOG.debug("suite loggers ({}) at {} (Log4j 2)", LOGGERS, level);
    } else {
      LOG.warn("perf.log={} has no effect: SLF4J is bound to {}, not Log4j 2. Fix: set the level "
          + "of the {} loggers in that binding's configuration",
          level.name().toLowerCase(Locale.ROOT), binding(), LOGGERS);
    }
  }

  /**
   * Makes the suite's info lines and warnings visible, unless the logging configuration names
   * {@value #LOGGERS} itself (then it decides): the default when {@code perf.log} is unset.
   *
   * <p>Log4j 2 without a configuration file logs errors only, which would hide every diagnostic
   * the console showed before the suite logged through SLF4J.
   */
  public static void keepVisible() {
    if (log4j() && !Log4jLevels.configured(LOGGERS)
        && !LoggerFactory.getLogger(LOGGERS).isInfoEnabled()) {
      Log4jLevels.set(LOGGERS, LogLevel.INFO);
    }
  }

  /**
   * The most detailed level the suite's parent logger shows now, as SLF4J sees it (any binding).
   *
   * @return empty when even errors are off
   */
  public static Optional<LogLevel> current() {
    Logger suite = LoggerFactory.getLogger(LOGGERS);
    if (suite.isTraceEnabled()) {
      return Optional.of(LogLevel.TRACE);
    } else if (suite.isDebugEnabled()) {
      return Optional.of(LogLevel.DEBUG);
    } else if (suite.isInfoEnabled()) {
      return Optional.of(LogLevel.INFO);
    } else if (suite.isWarnEnabled()) {
      return Optional.of(LogLevel.WARN);
    }
    return suite.isErrorEnabled() ? Optional.of(LogLevel.ERROR) : Optional.empty();
  }

  /** Whether SLF4J logs through Log4j 2 with its core (the API alone cannot set levels). */
  private static boolean log4j() {
    if (!LOG4J_FACTORY.equals(binding())) {
      return false;
    }
    try {
      Class.forName("org.apache.logging.log4j.core.config.Configurator", false,
          SuiteLogging.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** The class name of SLF4J's logger factory, which names the binding. */
  private static String binding() {
    return LoggerFactory.getILoggerFactory().getClass().getName();
  }
}
