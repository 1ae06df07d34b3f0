package dev.perfsuite.config;

import dev.perfsuite.profiles.Durations;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@code perf.*} key that a system's scenarios declare (through {@link ConfigKeys}) rather than
 * the suite. It is read from the same sources in the same order, validated before any load with the
 * same errors, listed by the help, and read back typed with {@link PerfConfig#value}.
 *
 * @param <T> the type of the parsed value
 */
public final class SystemKey<T> implements KeyDescription {
  private final String key;
  private final String defaultValue;
  private final String accepted;
  private final String description;
  private final Function<String, T> parser;

  private SystemKey(String key, String defaultValue, String accepted, String description,
      Function<String, T> parser) {
    this.key = Objects.requireNonNull(key, "key");
    if (!key.startsWith("perf.") || key.length() <= "perf.".length()) {
      throw new IllegalArgumentException("a system key starts with perf., was '" + key + "'");
    }
    this.defaultValue = defaultValue;
    this.accepted = Objects.requireNonNull(accepted, "accepted");
    this.description = Objects.requireNonNull(description, "description");
    this.parser = Objects.requireNonNull(parser, "parser");
  }

  /**
   * A key with its own parser, which throws on a bad value. The error then names the key, the
   * value, where it came from and {@code accepted}.
   *
   * @param defaultValue the default as text, or null when unset means absent
   */
  public static <T> SystemKey<T> of(String key, String defaultValue, String accepted,
      String description, Function<String, T> parser) {
    return new SystemKey<>(key, defaultValue, accepted, description, parser);
  }

  /** A positive whole number. */
  public static SystemKey<Integer> positiveInt(String key, int defaultValue, String description) {
    return of(key, Integer.toString(defaultValue), "a positive whole number", description, v -> {
      int n = Integer.parseInt(v.trim());
      if (n <= 0) {
        throw new IllegalArgumentException(v);
      }
      return n;
    });
  }

  /** A non-negative duration such as {@code 25ms} or {@code 1s}. */
  public static SystemKey<Duration> duration(String key, String defaultValue,
      String description) {
    return of(key, defaultValue, "a duration such as 0ms, 25ms or 1s", description, v -> {
      Duration d = Durations.parse(v);
      if (d.isNegative()) {
        throw new IllegalArgumentException(v);
      }
      return d;
    });
  }

  /** Comma-separated whole numbers, each at least {@code minimum}. */
  public static SystemKey<List<Integer>> wholeNumbers(String key, String defaultValue,
      int minimum, String accepted, String description) {
    return of(key, defaultValue, accepted, description, v -> {
      List<Integer> values = Arrays.stream(v.split(",")).map(String::trim)
          .map(Integer::parseInt).toList();
      if (values.isEmpty() || values.stream().anyMatch(n -> n < minimum)) {
        throw new IllegalArgumentException(v);
      }
      return values;
    });
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public Optional<String> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  @Override
  public String accepted() {
    return accepted;
  }

  @Override
  public String description() {
    return description;
  }

  /** Parses a value; throws on a bad one. */
  T parse(String value) {
    return parser.apply(value);
  }

  @Override
  public String toString() {
    return key;
  }
}
