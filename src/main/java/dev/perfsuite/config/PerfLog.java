package dev.perfsuite.config;

import dev.perfsuite.diagnostics.LogLevel;
import dev.perfsuite.diagnostics.SuiteLogging;
import java.util.Optional;

/**
 * Applies {@code perf.log} to the suite's loggers, once per configuration load (the JUnit
 * extension calls {@link #apply()} right after {@link PerfConfig#load()}). It also puts the
 * secret mask over the console ({@link MaskedConsole}) and over Log4j's output where no
 * configuration file masks it ({@link LogMasking}).
 *
 * <p>Set explicitly, the level wins over the logging configuration; left at its default, the
 * suite's info lines and warnings stay visible unless a Log4j 2 configuration names
 * {@code dev.perfsuite} itself ({@link SuiteLogging#keepVisible()}).
 */
public final class PerfLog {
  private PerfLog() {
  }

  /**
   * Reads {@code perf.log} from this JVM's sources and applies it.
   *
   * @throws ConfigException naming the key, the value, where it came from and the fix
   */
  public static void apply() {
    // First: the console lines of this entry point onwards go through the mask, and so does
    // every Log4j appender (the levels below are set on the configuration this leaves active).
    MaskedConsole.install();
    if (log4jCore()) {
      LogMasking.install();
    }
    apply(ConfigSource.ofThisJvm());
  }

  /** Applies {@code perf.log} from {@code source}; returns the explicit level, if one was set. */
  static Optional<LogLevel> apply(ConfigSource source) {
    SettingsReader read = new SettingsReader(source);
    boolean explicit = read.raw(ConfigKey.LOG)
        .filter(s -> s.origin() != Setting.Origin.DEFAULT).isPresent();
    Optional<LogLevel> level = read.choice(ConfigKey.LOG, LogLevel.class);
    read.throwIfInvalid();
    if (explicit) {
      SuiteLogging.set(level.orElseThrow());
      return level;
    }
    SuiteLogging.keepVisible();
    return Optional.empty();
  }

  /** Whether Log4j's core is on the class path (SLF4J may log elsewhere; JMeter brings it). */
  private static boolean log4jCore() {
    try {
      Class.forName("org.apache.logging.log4j.core.LoggerContext", false,
          PerfLog.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
