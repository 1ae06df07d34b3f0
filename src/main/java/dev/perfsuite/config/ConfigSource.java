package dev.perfsuite.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Looks a {@code perf.*} key up in precedence order: system property, environment variable,
 * {@code perf.properties} on the classpath, then the key's default.
 *
 * <p>An empty value counts as absent, so {@code -Dperf.threads=} falls through to the next
 * source. Keys under {@code perf.} that the suite does not know are rejected, except in the
 * environment, which other tools share: unknown {@code PERF_*} variables only produce warnings.
 * Build-only keys such as {@code perf.groups} (the pom's test selection, which surefire and
 * failsafe forward to the test JVM as a system property) are not configuration and pass.
 */
final class ConfigSource {
  private static final String PREFIX = "perf.";
  private static final String ENV_PREFIX = "PERF_";
  /** Keys of the Maven build, not of the suite, that {@code -D} forwards to the test JVM. */
  private static final Set<String> BUILD_KEYS = Set.of("perf.groups");

  private final Map<String, String> systemProperties;
  private final Map<String, String> environment;
  private final Map<String, String> file;
  private final DeclaredKeys declared;

  ConfigSource(Map<String, String> systemProperties, Map<String, String> environment,
      Map<String, String> file) {
    this(systemProperties, environment, file, DeclaredKeys.discovered());
  }

  ConfigSource(Map<String, String> systemProperties, Map<String, String> environment,
      Map<String, String> file, DeclaredKeys declared) {
    this.systemProperties = Map.copyOf(systemProperties);
    this.environment = Map.copyOf(environment);
    this.file = Map.copyOf(file);
    this.declared = declared;
  }

  /** The keys systems declared, known to this source besides {@link ConfigKey}. */
  DeclaredKeys declared() {
    return declared;
  }

  /** The real sources of this JVM. */
  static ConfigSource ofThisJvm() {
    Map<String, String> props = new HashMap<>();
    System.getProperties().forEach((k, v) -> props.put(k.toString(), v.toString()));
    return new ConfigSource(props, System.getenv(), classpathFile("perf.properties"));
  }

  /** These properties alone, as system properties: no environment, no perf.properties. */
  static ConfigSource of(Map<String, String> properties) {
    return new ConfigSource(properties, Map.of(), Map.of());
  }

  private static Map<String, String> classpathFile(String resource) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        return Map.of();
      }
      Properties properties = new Properties();
      properties.load(in);
      Map<String, String> values = new HashMap<>();
      properties.forEach((k, v) -> values.put(k.toString().trim(), v.toString().trim()));
      return values;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource + " from the classpath", e);
    }
  }

  /** The effective setting of a key, or empty when no source and no default gives one. */
  Optional<Setting> lookup(KeyDescription key) {
    String name = key.key();
    String env = ConfigKey.envName(name);
    if (present(systemProperties.get(name))) {
      return Optional.of(new Setting(name, systemProperties.get(name).trim(),
          Setting.Origin.SYSTEM_PROPERTY));
    }
    if (present(environment.get(env))) {
      return Optional.of(new Setting(name, environment.get(env).trim(),
          Setting.Origin.ENVIRONMENT));
    }
    if (present(file.get(name))) {
      return Optional.of(new Setting(name, file.get(name), Setting.Origin.PROPERTIES_FILE));
    }
    return key.defaultValue().map(d -> new Setting(name, d, Setting.Origin.DEFAULT));
  }

  /**
   * Every key of a key family such as {@link ConfigKey#JMX_PROPS_PREFIX}, by the name after the
   * prefix: perf.properties values, overridden by system properties.
   */
  Map<String, String> family(String prefix) {
    Map<String, String> values = new TreeMap<>();
    for (Map<String, String> source : List.of(file, systemProperties)) {
      source.forEach((k, v) -> {
        if (k.startsWith(prefix) && k.length() > prefix.length()) {
          values.put(k.substring(prefix.length()), v.trim());
        }
      });
    }
    return values;
  }

  /**
   * Fails on any unknown {@code perf.*} key in system properties or perf.properties.
   *
   * @return warnings for unknown {@code PERF_*} environment variables
   */
  List<String> checkUnknownKeys() {
    List<String> errors = new ArrayList<>();
    unknown(systemProperties.keySet()).forEach(k -> errors.add(
        "unknown key -D" + k + suggestion(k)));
    unknown(file.keySet()).forEach(k -> errors.add(
        "unknown key " + k + " in perf.properties" + suggestion(k)));
    if (!errors.isEmpty()) {
      throw new ConfigException(String.join("\n", errors) + "\n\n" + ConfigKey.help(declared));
    }
    List<String> warnings = new ArrayList<>();
    for (String env : new TreeSet<>(environment.keySet())) {
      if (env.startsWith(ENV_PREFIX) && ConfigKey.byEnvName(env).isEmpty()
          && declared.byEnvName(env).isEmpty() && !Secrets.isSecretName(env)) {
        warnings.add("ignoring environment variable " + env + ": not a perf-suite key");
      }
    }
    return warnings;
  }

  private List<String> unknown(Set<String> names) {
    return names.stream()
        .filter(n -> n.startsWith(PREFIX) && ConfigKey.byKey(n).isEmpty()
            && declared.byKey(n).isEmpty() && !BUILD_KEYS.contains(n)
            && !n.startsWith(ConfigKey.JMX_PROPS_PREFIX))
        .sorted()
        .toList();
  }

  private String suggestion(String unknown) {
    return Stream.concat(Arrays.stream(ConfigKey.values()).map(ConfigKey::key),
            declared.all().stream().map(SystemKey::key))
        .min(Comparator.comparingInt(k -> NearMiss.edits(k, unknown)))
        .filter(k -> NearMiss.edits(k, unknown) <= Math.max(3, unknown.length() / 3))
        .map(k -> "; did you mean " + k + "?")
        .orElse("");
  }

  /**
   * A system property that is an option of this JVM, not a key, such as a remote engine's work
   * directory. Neither the environment nor {@code perf.properties} give it.
   */
  Optional<String> option(String name) {
    return Optional.ofNullable(systemProperties.get(name)).filter(ConfigSource::present)
        .map(String::trim);
  }

  /** The raw environment, for secrets only. */
  Map<String, String> environment() {
    return environment;
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }
}
