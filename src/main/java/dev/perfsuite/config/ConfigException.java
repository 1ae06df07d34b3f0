package dev.perfsuite.config;

/**
 * Bad configuration found before any load starts: the message names the key, the value, where
 * it came from and what is accepted.
 */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  ConfigException(String message) {
    super(message);
  }

  static ConfigException invalid(Setting setting, String accepted) {
    return new ConfigException(String.format(
        "Invalid value '%s' for %s (from %s). Accepted: %s. Fix: %s",
        setting.value(), setting.key(), setting.origin().describe(setting.key()), accepted,
        fixHint(setting)));
  }

  static String fixHint(Setting setting) {
    return switch (setting.origin()) {
      case SYSTEM_PROPERTY -> "change -D" + setting.key() + "=...";
      case ENVIRONMENT -> "change the environment variable " + ConfigKey.envName(setting.key());
      case PROPERTIES_FILE -> "change " + setting.key() + " in perf.properties";
      case DEFAULT -> "report this: a default should always be valid";
    };
  }
}
