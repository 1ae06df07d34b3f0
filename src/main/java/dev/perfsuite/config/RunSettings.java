package dev.perfsuite.config;

import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.config.settings.HttpProtocol;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.users.UserConnections;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The keys a run reads beside its profile, read and checked once at the run's entry. They are
 * handed to the engine, the recorders and the history: nothing below reads them again.
 *
 * <p>A session takes them from its {@link PerfConfig#run()}; an engine built without a
 * configuration (tests, benches) reads this JVM's at the start of each run. Serializable because
 * a distributed run sends them in its plan: a remote engine's recorder applies the controller's,
 * never its own JVM's (where it keeps its JTL is the engine's own: {@link EngineSettings}).
 *
 * @param httpClient {@code perf.http.client}: the client JMeter's HTTP samplers send with
 * @param sharedConnections {@code perf.users.connections.max}: the pool users share with
 *     {@code perf.users.connections=shared}, {@value #SHARED_CONNECTIONS_PER_CORE} per core unless
 *     set
 * @param jtl {@code perf.jtl}: which samples the JTL keeps
 * @param jtlCompressed {@code perf.jtl.compress}: the JTL is gzipped
 * @param labelsMax {@code perf.labels.max}: labels with statistics of their own
 * @param warmUpOrigin {@code perf.warm-up.origin}: where the warm-up window starts
 * @param secretVariables {@code perf.secrets.variables}: JMeter variables whose values the
 *     recorder registers for masking after each sample, none by default
 * @param httpProtocol {@code perf.http.version}: the HTTP version of the suite's client
 */
public record RunSettings(HttpClientKind httpClient, int sharedConnections, JtlContent jtl,
    boolean jtlCompressed, int labelsMax, WarmUpOrigin warmUpOrigin,
    List<String> secretVariables, HttpProtocol httpProtocol) implements Serializable {
  /** The shared pool's default size per core ({@code perf.users.connections.max}). */
  public static final int SHARED_CONNECTIONS_PER_CORE = 128;
  private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

  public RunSettings {
    secretVariables = List.copyOf(secretVariables);
  }

  /**
   * This JVM's keys, read now: for an engine built without a {@link PerfConfig}, at its run's
   * start.
   *
   * @throws ConfigException naming every bad key, its value and the fix
   */
  public static RunSettings fromThisJvm() {
    return from(ConfigSource.ofThisJvm());
  }

  /**
   * The settings these {@code perf.*} properties give alone, as {@link PerfConfig#of(Map)}: no
   * environment, no {@code perf.properties}, no ambient {@code -D} of this JVM.
   *
   * @throws ConfigException naming every bad key, its value and the fix
   */
  public static RunSettings of(Map<String, String> properties) {
    return from(ConfigSource.of(properties));
  }

  /** Every key at its default, for recorders and engines outside a run's configuration. */
  public static RunSettings defaults() {
    return of(Map.of());
  }

  static RunSettings from(ConfigSource source) {
    SettingsReader read = new SettingsReader(source);
    RunSettings settings = read(read);
    read.throwIfInvalid();
    return settings;
  }

  /** Reads the keys, adding every problem to {@code read} (PerfConfig reports them together). */
  static RunSettings read(SettingsReader read) {
    HttpClientKind client = read.choice(ConfigKey.HTTP_CLIENT, HttpClientKind.class)
        .orElse(HttpClientKind.SUITE);
    int shared = read.positiveInt(ConfigKey.USERS_CONNECTIONS_MAX).orElse(
        SHARED_CONNECTIONS_PER_CORE * Runtime.getRuntime().availableProcessors());
    JtlContent jtl = read.choice(ConfigKey.JTL, JtlContent.class).orElse(JtlContent.ALL);
    String compress = read.text(ConfigKey.JTL_COMPRESS).orElse("false").trim();
    if (!compress.equals("true") && !compress.equals("false")) {
      read.fail("perf.jtl.compress=" + compress + " is not true or false. Fix: "
          + "-Dperf.jtl.compress=true for results.jtl.gz, false for results.jtl");
    }
    String labels = read.text(ConfigKey.LABELS_MAX).orElse("1000").trim();
    int max;
    try {
      max = Integer.parseInt(labels);
    } catch (NumberFormatException e) {
      max = 0;
    }
    if (max <= 0) {
      read.fail("perf.labels.max=" + labels + " is not a positive whole number. Fix: "
          + "-Dperf.labels.max=1000, or name the plan's samplers without ids");
    }
    WarmUpOrigin origin = read.choice(ConfigKey.WARM_UP_ORIGIN, WarmUpOrigin.class)
        .orElse(WarmUpOrigin.TEST_START);
    List<String> variables = new ArrayList<>();
    for (String name : read.text(ConfigKey.SECRETS_VARIABLES).orElse("").split(",")) {
      String variable = name.trim();
      if (variable.isEmpty()) {
        continue;
      }
      if (!VARIABLE_NAME.matcher(variable).matches()) {
        read.fail("perf.secrets.variables=" + read.text(ConfigKey.SECRETS_VARIABLES).orElse("")
            + " names '" + variable + "', which is not a JMeter variable name. Fix: list the "
            + "names the plan's extractors set, without ${}, e.g. -Dperf.secrets.variables="
            + "token,sessionId");
        continue;
      }
      variables.add(variable);
    }
    HttpProtocol protocol = read.parse(ConfigKey.HTTP_VERSION, HttpProtocol::parse)
        .orElse(HttpProtocol.HTTP_1_1);
    return new RunSettings(client, shared, jtl, compress.equals("true"), Math.max(1, max),
        origin, variables, protocol);
  }

  /**
   * Refuses client settings that cannot hold together, before load.
   *
   * <p>Refused: {@code perf.users.connections=shared} on JMeter's client, whose pools are per
   * user; {@code perf.http.version} other than {@code 1.1} on JMeter's client (HTTP/1.1 only) or
   * with shared connections (an HTTP/1.1 pool).
   *
   * @throws ConfigException naming the fix
   */
  public void checkConnections(UserConnections connections) {
    if (connections == UserConnections.SHARED && httpClient != HttpClientKind.SUITE) {
      throw new ConfigException("perf.users.connections=shared needs the suite's HTTP client "
          + "(JMeter's keeps a pool per user), but perf.http.client=" + httpClient.name()
          .toLowerCase(Locale.ROOT) + ". Fix: -Dperf.http.client=suite, or "
          + "perf.users.connections=per-user or per-request");
    }
    if (httpProtocol != HttpProtocol.HTTP_1_1 && httpClient != HttpClientKind.SUITE) {
      throw new ConfigException("perf.http.version=" + httpProtocol.key() + " needs the suite's "
          + "HTTP client (JMeter's HttpClient 4 speaks HTTP/1.1 only), but perf.http.client="
          + httpClient.name().toLowerCase(Locale.ROOT) + ". Fix: -Dperf.http.client=suite, or "
          + "perf.http.version=1.1");
    }
    if (httpProtocol != HttpProtocol.HTTP_1_1 && connections == UserConnections.SHARED) {
      throw new ConfigException("perf.http.version=" + httpProtocol.key() + " with "
          + "perf.users.connections=shared: the shared pool holds HTTP/1.1 connections only. "
          + "Fix: perf.users.connections=per-user (one HTTP/2 connection per user and origin), "
          + "or perf.http.version=1.1");
    }
  }
}
