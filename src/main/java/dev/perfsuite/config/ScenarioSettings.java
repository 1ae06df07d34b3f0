package dev.perfsuite.config;

import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.users.UserConnections;
import java.time.Duration;
import java.util.Optional;

/**
 * Keys read where they are used rather than held in {@link PerfConfig}: scenario parameters and
 * options of one component. Same sources and precedence as every key (system property, then
 * {@code PERF_*} variable, then {@code perf.properties}, then the default), and the same errors
 * naming the key, its value and what it accepts.
 */
public final class ScenarioSettings {
  private ScenarioSettings() {
  }

  /**
   * A non-negative duration key of this JVM.
   *
   * @throws ConfigException when the value is not a duration
   */
  public static Duration duration(ConfigKey key) {
    SettingsReader read = new SettingsReader(ConfigSource.ofThisJvm());
    Duration value = read.duration(key, false).orElse(Duration.ZERO);
    read.throwIfInvalid();
    return value;
  }

  /**
   * A key a system declared, read from this JVM's sources (for code without the session's
   * {@link PerfConfig#value}).
   *
   * @throws ConfigException naming the key, the value and what it accepts when it is bad
   */
  public static <T> Optional<T> value(SystemKey<T> key) {
    return value(key, ConfigSource.ofThisJvm());
  }

  static <T> Optional<T> value(SystemKey<T> key, ConfigSource source) {
    SettingsReader read = new SettingsReader(source);
    Optional<T> value = read.parse(key, key::parse);
    read.throwIfInvalid();
    return value;
  }

  /** A text key of this JVM, its default when unset. */
  public static String text(ConfigKey key) {
    return new SettingsReader(ConfigSource.ofThisJvm()).text(key).orElse("");
  }

  /**
   * {@code perf.warm-up.origin} of this JVM.
   *
   * @throws ConfigException when the value is neither {@code test-start} nor {@code first-sample}
   */
  public static WarmUpOrigin warmUpOrigin() {
    return warmUpOrigin(ConfigSource.ofThisJvm());
  }

  static WarmUpOrigin warmUpOrigin(ConfigSource source) {
    return choice(source, ConfigKey.WARM_UP_ORIGIN, WarmUpOrigin.class, WarmUpOrigin.TEST_START);
  }

  /** The shared pool's default size per core ({@code perf.users.connections.max}). */
  public static final int SHARED_CONNECTIONS_PER_CORE = 128;

  /**
   * {@code perf.users.connections.max} of this JVM: the size of the pool users share with
   * {@code perf.users.connections=shared}, {@value #SHARED_CONNECTIONS_PER_CORE} per core unless
   * set.
   *
   * @throws ConfigException when the value is not a positive whole number
   */
  public static int sharedConnections() {
    return sharedConnections(ConfigSource.ofThisJvm());
  }

  static int sharedConnections(ConfigSource source) {
    SettingsReader read = new SettingsReader(source);
    int size = read.positiveInt(ConfigKey.USERS_CONNECTIONS_MAX).orElse(
        SHARED_CONNECTIONS_PER_CORE * Runtime.getRuntime().availableProcessors());
    read.throwIfInvalid();
    return size;
  }

  /**
   * Refuses {@code perf.users.connections=shared} on JMeter's client, whose pools are per user.
   *
   * @throws ConfigException naming the fix
   */
  public static void checkConnections(UserConnections connections, HttpClientKind client) {
    if (connections == UserConnections.SHARED && client != HttpClientKind.SUITE) {
      throw new ConfigException("perf.users.connections=shared needs the suite's HTTP client "
          + "(JMeter's keeps a pool per user), but perf.http.client=" + client.name()
          .toLowerCase(java.util.Locale.ROOT) + ". Fix: -Dperf.http.client=suite, or "
          + "perf.users.connections=per-user or per-request");
    }
  }

  /**
   * {@code perf.http.client} of this JVM.
   *
   * @throws ConfigException when the value is neither {@code suite} nor {@code jmeter}
   */
  public static HttpClientKind httpClient() {
    return httpClient(ConfigSource.ofThisJvm());
  }

  static HttpClientKind httpClient(ConfigSource source) {
    return choice(source, ConfigKey.HTTP_CLIENT, HttpClientKind.class, HttpClientKind.SUITE);
  }

  /**
   * {@code perf.jtl} of this JVM.
   *
   * @throws ConfigException when the value is not one of all, errors, none
   */
  public static JtlContent jtlContent() {
    return choice(ConfigSource.ofThisJvm(), ConfigKey.JTL, JtlContent.class, JtlContent.ALL);
  }

  /**
   * {@code perf.jtl.compress} of this JVM.
   *
   * @throws ConfigException when the value is neither true nor false
   */
  public static boolean jtlCompressed() {
    SettingsReader read = new SettingsReader(ConfigSource.ofThisJvm());
    String value = read.text(ConfigKey.JTL_COMPRESS).orElse("false").trim();
    if (!value.equals("true") && !value.equals("false")) {
      read.fail("perf.jtl.compress=" + value + " is not true or false. Fix: "
          + "-Dperf.jtl.compress=true for results.jtl.gz, false for results.jtl");
    }
    read.throwIfInvalid();
    return value.equals("true");
  }

  /**
   * {@code perf.labels.max} of this JVM: labels with statistics of their own.
   *
   * @throws ConfigException when the value is not a positive whole number
   */
  public static int labelsMax() {
    SettingsReader read = new SettingsReader(ConfigSource.ofThisJvm());
    String value = read.text(ConfigKey.LABELS_MAX).orElse("1000").trim();
    int max = 0;
    try {
      max = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      max = 0;
    }
    if (max <= 0) {
      read.fail("perf.labels.max=" + value + " is not a positive whole number. Fix: "
          + "-Dperf.labels.max=1000, or name the plan's samplers without ids");
    }
    read.throwIfInvalid();
    return max;
  }

  private static <E extends Enum<E>> E choice(ConfigSource source, ConfigKey key, Class<E> type,
      E unset) {
    SettingsReader read = new SettingsReader(source);
    E value = read.choice(key, type).orElse(unset);
    read.throwIfInvalid();
    return value;
  }
}
