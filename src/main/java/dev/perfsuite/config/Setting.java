package dev.perfsuite.config;

/** One raw configuration value and where it was found; the value is never a secret. */
record Setting(String key, String value, Origin origin) {

  /** Where a value came from, in precedence order. */
  enum Origin {
    SYSTEM_PROPERTY("system property -D%s"),
    ENVIRONMENT("environment variable %s"),
    PROPERTIES_FILE("perf.properties on the classpath"),
    DEFAULT("the default");

    private final String description;

    Origin(String description) {
      this.description = description;
    }

    String describe(String key) {
      return this == ENVIRONMENT
          ? String.format(description, ConfigKey.envName(key))
          : String.format(description, key);
    }
  }
}
