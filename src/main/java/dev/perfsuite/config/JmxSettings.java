package dev.perfsuite.config;

import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How existing JMeter plans run under the suite: the {@code perf.jmx*} keys, read and checked
 * before any plan loads.
 *
 * @param plans what {@code perf.jmx} names, empty when unset
 * @param load own thread groups or the suite's profile
 * @param properties values for {@code ${__P(name)}}: the props file, then
 *     {@code perf.jmx.props.NAME} keys on top
 * @param keepListeners {@code backend} and/or {@code data-writer}: JMX listeners kept enabled
 * @param sla an SLA file for every plan instead of sidecars
 * @param defaultErrorPercent the overall error % a plan without an SLA file must stay below
 * @param warmUp {@code perf.warm-up} when set by the user: a plan-driven JMX has no warm-up
 *     otherwise (every sample counts, as in JMeter)
 * @param prime {@code perf.prime} when set by the user: a plan-driven JMX is primed only then
 * @param classpath {@code perf.jmx.classpath}: a team's jars (and directories of jars) for the
 *     plans' scripts, as JMeter's {@code user.classpath}
 * @param strict {@code perf.jmx.strict}: what JMeter would run silently (an undefined variable in
 *     a thread group field, an unset {@code ${__P(name)}}, a {@code ~} path) refuses the plan
 *     instead of a warning
 * @param plugins {@code perf.jmx.plugins}: whether the plugins a plan names are fetched
 */
public record JmxSettings(List<String> plans, JmxLoad load, Map<String, String> properties,
    Set<String> keepListeners, Optional<Path> sla, double defaultErrorPercent,
    Optional<Duration> warmUp, Optional<Duration> prime, List<Path> classpath, boolean strict,
    JmxPlugins plugins) {
  private static final Set<String> LISTENER_KINDS = Set.of("backend", "data-writer");

  public JmxSettings {
    plans = List.copyOf(plans);
    properties = Map.copyOf(properties);
    keepListeners = Set.copyOf(keepListeners);
    classpath = List.copyOf(classpath);
  }

  /** Settings with JMeter's semantics (not strict) and plugins fetched as the plan needs them. */
  public JmxSettings(List<String> plans, JmxLoad load, Map<String, String> properties,
      Set<String> keepListeners, Optional<Path> sla, double defaultErrorPercent,
      Optional<Duration> warmUp, Optional<Duration> prime, List<Path> classpath) {
    this(plans, load, properties, keepListeners, sla, defaultErrorPercent, warmUp, prime,
        classpath, false, JmxPlugins.AUTO);
  }

  /** Settings without a user warm-up or priming length (plan-driven: none of either). */
  public JmxSettings(List<String> plans, JmxLoad load, Map<String, String> properties,
      Set<String> keepListeners, Optional<Path> sla, double defaultErrorPercent) {
    this(plans, load, properties, keepListeners, sla, defaultErrorPercent, Optional.empty(),
        Optional.empty(), List.of());
  }

  /** Defaults: no plans named, own thread groups, no properties, no listeners kept, 1 % errors. */
  public static JmxSettings defaults() {
    return new JmxSettings(List.of(), JmxLoad.PLAN, Map.of(), Set.of(), Optional.empty(), 1.0);
  }

  /** The same settings with the team's jars of {@code perf.jmx.classpath}. */
  public JmxSettings withClasspath(List<Path> jars) {
    return new JmxSettings(plans, load, properties, keepListeners, sla, defaultErrorPercent,
        warmUp, prime, jars, strict, plugins);
  }

  /** The same settings with {@code perf.jmx.strict} and {@code perf.jmx.plugins} as given. */
  public JmxSettings withSemantics(boolean strictly, JmxPlugins fetching) {
    return new JmxSettings(plans, load, properties, keepListeners, sla, defaultErrorPercent,
        warmUp, prime, classpath, strictly, fetching);
  }

  /** The same settings with other {@code ${__P()}} values. */
  public JmxSettings withProperties(Map<String, String> values) {
    return new JmxSettings(plans, load, values, keepListeners, sla, defaultErrorPercent, warmUp,
        prime, classpath, strict, plugins);
  }

  /**
   * Reads the keys of this JVM.
   *
   * @throws ConfigException naming every bad key, its value and the accepted form
   */
  public static JmxSettings fromThisJvm() {
    return from(ConfigSource.ofThisJvm());
  }

  static JmxSettings from(ConfigSource source) {
    SettingsReader read = new SettingsReader(source);
    List<String> plans = read.parse(ConfigKey.JMX, v -> Arrays.stream(v.split(","))
        .map(String::trim).filter(p -> !p.isEmpty()).toList()).orElse(List.of());
    JmxLoad load = read.choice(ConfigKey.JMX_LOAD, JmxLoad.class).orElse(JmxLoad.PLAN);
    Map<String, String> properties = new TreeMap<>();
    // Several files as JMeter's repeated -q: later files win.
    read.parse(ConfigKey.JMX_PROPS_FILE, v -> {
      Map<String, String> all = new LinkedHashMap<>();
      Arrays.stream(v.split(",")).map(String::trim).filter(f -> !f.isEmpty())
          .forEach(f -> all.putAll(propertiesFile(f)));
      return all;
    }).ifPresent(properties::putAll);
    properties.putAll(source.family(ConfigKey.JMX_PROPS_PREFIX));
    Set<String> keep = read.parse(ConfigKey.JMX_KEEP_LISTENERS, JmxSettings::listenerKinds)
        .orElse(Set.of());
    Optional<Path> sla = read.parse(ConfigKey.JMX_SLA, v -> {
      Path path = Path.of(v);
      if (!Files.isRegularFile(path)) {
        throw new ConfigException("perf.jmx.sla=" + v + " is not a readable file. Fix: point it at "
            + "an SLA properties file (docs/jmx.md).");
      }
      return path;
    });
    double errors = read.parse(ConfigKey.JMX_SLA_ERRORS, v -> {
      double percent = Double.parseDouble(v);
      if (!(percent > 0) || percent > 100) {
        throw new IllegalArgumentException(v);
      }
      return percent;
    }).orElse(1.0);
    Optional<Duration> warmUp = read.duration(ConfigKey.WARM_UP, false);
    Optional<Duration> prime = read.raw(ConfigKey.PRIME)
        .filter(s -> s.origin() != Setting.Origin.DEFAULT).isPresent()
        ? read.duration(ConfigKey.PRIME, false) : Optional.empty();
    List<Path> classpath = read.parse(ConfigKey.JMX_CLASSPATH, JmxSettings::classpath)
        .orElse(List.of());
    boolean strict = read.bool(ConfigKey.JMX_STRICT).orElse(false);
    JmxPlugins plugins = read.choice(ConfigKey.JMX_PLUGINS, JmxPlugins.class)
        .orElse(JmxPlugins.AUTO);
    read.throwIfInvalid();
    return new JmxSettings(plans, load, properties, keep, sla, errors, warmUp, prime, classpath,
        strict, plugins);
  }

  private static List<Path> classpath(String value) {
    List<Path> paths = Arrays.stream(value.split(",")).map(String::trim)
        .filter(p -> !p.isEmpty()).map(JmxSettings::home).toList();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new ConfigException("perf.jmx.classpath names " + path + ", which does not exist. "
            + "Fix: point it at the team's jar(s) or a directory of jars, comma-separated.");
      }
    }
    return paths;
  }

  /** {@code ~/x} as JMeter users write it: under the home directory. */
  private static Path home(String value) {
    return Path.of(value.equals("~") || value.startsWith("~/")
        ? System.getProperty("user.home") + value.substring(1) : value);
  }

  private static Map<String, String> propertiesFile(String value) {
    Path path = home(value);
    Properties file = new Properties();
    try (Reader in = Files.newBufferedReader(path)) {
      file.load(in);
    } catch (IOException e) {
      throw new ConfigException("perf.jmx.props-file=" + value + " cannot be read (" + e
          + "). Fix: point it at a .properties file with the plan's ${__P(name)} values.");
    }
    Map<String, String> values = new LinkedHashMap<>();
    file.forEach((k, v) -> values.put(k.toString(), v.toString()));
    return values;
  }

  private static Set<String> listenerKinds(String value) {
    Set<String> kinds = Arrays.stream(value.split(",")).map(String::trim)
        .filter(k -> !k.isEmpty() && !k.equals("none")).collect(Collectors.toSet());
    if (!LISTENER_KINDS.containsAll(kinds)) {
      throw new IllegalArgumentException(value);
    }
    return kinds;
  }
}
