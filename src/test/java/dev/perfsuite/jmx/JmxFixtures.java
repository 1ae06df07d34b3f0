package dev.perfsuite.jmx;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The hand-written JMX fixtures under src/test/resources/jmx-fixtures and settings for them. */
final class JmxFixtures {
  static final Path DIR = Path.of("src", "test", "resources", "jmx-fixtures");

  private JmxFixtures() {
  }

  static Path file(String name) {
    return DIR.resolve(name);
  }

  static JmxSettings settings(JmxLoad load, Map<String, String> properties) {
    return new JmxSettings(List.of(), load, properties, Set.of(), Optional.empty(), 1.0);
  }

  /** Settings as if the user set {@code perf.warm-up} and {@code perf.prime} (null: unset). */
  static JmxSettings settings(JmxLoad load, Map<String, String> properties, Duration warmUp,
      Duration prime) {
    return new JmxSettings(List.of(), load, properties, Set.of(), Optional.empty(), 1.0,
        Optional.ofNullable(warmUp), Optional.ofNullable(prime), List.of());
  }

  static Map<String, String> shop(int port) {
    return Map.of("shop.host", "127.0.0.1", "shop.port", Integer.toString(port));
  }
}
