package dev.perfsuite.config;

import dev.perfsuite.profiles.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Typed reads of settings that collect every problem instead of stopping at the first, so one
 * run shows all bad keys at once.
 */
final class SettingsReader {
  private final ConfigSource source;
  private final List<String> errors = new ArrayList<>();

  SettingsReader(ConfigSource source) {
    this.source = source;
  }

  /** Where the settings are read from (for a check across keys). */
  ConfigSource source() {
    return source;
  }

  Optional<Setting> raw(KeyDescription key) {
    return source.lookup(key);
  }

  Optional<String> text(KeyDescription key) {
    return raw(key).map(Setting::value);
  }

  Optional<Integer> positiveInt(KeyDescription key) {
    return parse(key, v -> {
      int n = Integer.parseInt(v);
      if (n <= 0) {
        throw new IllegalArgumentException();
      }
      return n;
    });
  }

  Optional<Double> positiveNumber(KeyDescription key) {
    return parse(key, v -> {
      double n = Double.parseDouble(v);
      if (!(n > 0) || Double.isInfinite(n)) {
        throw new IllegalArgumentException();
      }
      return n;
    });
  }

  Optional<Boolean> bool(KeyDescription key) {
    return parse(key, v -> switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException(v);
    });
  }

  Optional<Duration> duration(KeyDescription key, boolean positive) {
    return parse(key, v -> {
      Duration d = Durations.parse(v);
      // ISO-8601 allows PT-5S; no perf.* duration may be negative.
      if (d.isNegative() || positive && d.isZero()) {
        throw new IllegalArgumentException();
      }
      return d;
    });
  }

  <E extends Enum<E>> Optional<E> choice(KeyDescription key, Class<E> type) {
    return parse(key, v -> Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT).replace('-', '_')));
  }

  <T> Optional<T> parse(KeyDescription key, Function<String, T> parser) {
    Optional<Setting> setting = raw(key);
    if (setting.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(parser.apply(setting.get().value()));
    } catch (ConfigException e) {
      errors.add(e.getMessage());
    } catch (RuntimeException e) {
      errors.add(ConfigException.invalid(setting.get(), key.accepted()).getMessage());
    }
    return Optional.empty();
  }

  void fail(String message) {
    errors.add(message);
  }

  /** Throws one exception listing every problem found so far, if any. */
  void throwIfInvalid() {
    if (!errors.isEmpty()) {
      throw new ConfigException(String.join("\n", errors)
          + "\nEvery key, its default and accepted values: docs/reference/configuration.md");
    }
  }
}
