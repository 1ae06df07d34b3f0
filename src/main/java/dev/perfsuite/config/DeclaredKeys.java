package dev.perfsuite.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/** The system keys the {@link ConfigKeys} on the class path declare, checked for clashes. */
final class DeclaredKeys {
  private final Map<String, SystemKey<?>> byKey;

  private DeclaredKeys(Map<String, SystemKey<?>> byKey) {
    this.byKey = byKey;
  }

  /**
   * The declarations on the suite's class path, read once per JVM. They are read through the loader
   * of main code, not the thread's, which a test may have swapped for a narrower one at that
   * moment.
   */
  static DeclaredKeys discovered() {
    return Discovered.KEYS;
  }

  /**
   * These declarations.
   *
   * @throws ConfigException when a key is declared twice or is a built-in key
   */
  static DeclaredKeys of(Iterable<? extends ConfigKeys> declarations) {
    Map<String, SystemKey<?>> keys = new LinkedHashMap<>();
    for (ConfigKeys declaration : declarations) {
      for (SystemKey<?> key : declaration.keys()) {
        if (ConfigKey.byKey(key.key()).isPresent() || keys.putIfAbsent(key.key(), key) != null) {
          throw new ConfigException("configuration key " + key.key() + " is declared twice ("
              + declaration.getClass().getName() + "). Fix: give the system's key its own name "
              + "under perf.<system>.");
        }
      }
    }
    return new DeclaredKeys(keys);
  }

  Optional<SystemKey<?>> byKey(String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  Optional<SystemKey<?>> byEnvName(String env) {
    return byKey.values().stream().filter(k -> ConfigKey.envName(k.key()).equals(env))
        .findFirst();
  }

  List<SystemKey<?>> all() {
    return new ArrayList<>(byKey.values());
  }

  private static final class Discovered {
    static final DeclaredKeys KEYS = of(ServiceLoader.load(ConfigKeys.class,
        ConfigKeys.class.getClassLoader()));
  }
}
