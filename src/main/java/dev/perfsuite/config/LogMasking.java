package dev.perfsuite.config;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.util.PropertiesUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts {@link MaskedLayout} over Log4j 2's output where no configuration file chose it, and warns
 * where one left an appender unmasked.
 *
 * <p>With no configuration file (the remote engine, a tool's {@code main}) Log4j's default prints
 * errors to a console it captured when it started, before {@link MaskedConsole} was installed:
 * that default is replaced by the same console line, masked and following {@code System.out}. A
 * configuration file decides for itself; each of its appenders whose layout is not inside
 * {@code <SecretMask>} is named once per JVM in a warning.
 */
final class LogMasking {
  private static final Logger LOG = LoggerFactory.getLogger(LogMasking.class);
  /** Configuration files already warned about, so each reload does not warn again. */
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  private LogMasking() {
  }

  /** Masks Log4j's default configuration, or warns about a file's unmasked appenders. */
  static void install() {
    if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
      return;
    }
    Configuration active = context.getConfiguration();
    if (active instanceof DefaultConfiguration) {
      context.setConfiguration(new MaskedDefault());
      return;
    }
    List<String> unmasked = unmasked(active);
    String location = String.valueOf(active.getConfigurationSource().getLocation());
    if (!unmasked.isEmpty() && WARNED.add(location)) {
      LOG.warn("the Log4j appenders {} of {} may print secrets: their layout is not masked. "
          + "Fix: wrap each layout in <{}>, e.g. <{}><PatternLayout .../></{}>", unmasked,
          location, MaskedLayout.NAME, MaskedLayout.NAME, MaskedLayout.NAME);
    }
  }

  /** The names of {@code configuration}'s appenders that write through a layout not masked. */
  static List<String> unmasked(Configuration configuration) {
    Map<String, Appender> appenders = configuration.getAppenders();
    return appenders.values().stream()
        .filter(a -> a.getLayout() != null && !(a.getLayout() instanceof MaskedLayout))
        .map(Appender::getName).sorted().toList();
  }

  /** Log4j's default configuration (its pattern and level on the console), masked and following. */
  static final class MaskedDefault extends AbstractConfiguration {
    MaskedDefault() {
      super(null, ConfigurationSource.NULL_SOURCE);
      setName(DefaultConfiguration.DEFAULT_NAME + "@masked");
    }

    @Override
    protected void doConfigure() {
      PatternLayout pattern = PatternLayout.newBuilder()
          .withPattern(DefaultConfiguration.DEFAULT_PATTERN).withConfiguration(this).build();
      ConsoleAppender console = ConsoleAppender.newBuilder().setName("DefaultConsole")
          .setTarget(ConsoleAppender.Target.SYSTEM_OUT).setFollow(true)
          .setLayout(MaskedLayout.over(pattern)).setConfiguration(this).build();
      console.start();
      addAppender(console);
      String level = PropertiesUtil.getProperties()
          .getStringProperty(DefaultConfiguration.DEFAULT_LEVEL, Level.ERROR.name());
      getRootLogger().addAppender(console, null, null);
      getRootLogger().setLevel(Level.toLevel(level, Level.ERROR));
    }
  }
}
