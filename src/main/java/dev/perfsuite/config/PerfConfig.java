package dev.perfsuite.config;

import dev.perfsuite.config.settings.AbortSettings;
import dev.perfsuite.config.settings.BackendMode;
import dev.perfsuite.config.settings.DistributedSettings;
import dev.perfsuite.config.settings.EchoStall;
import dev.perfsuite.config.settings.EngineKind;
import dev.perfsuite.config.settings.HistorySettings;
import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.config.settings.LatencyRule;
import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSamples;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.profiles.Arrivals;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.users.UserConnections;
import dev.perfsuite.users.UserThreads;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The validated configuration of one run: every {@code perf.*} key read, typed and checked before
 * any load starts.
 *
 * @param profile the effective load profile, named profile plus overrides
 * @param backends who starts local backends
 * @param target where load goes
 * @param engine which JMeter engine runs plans
 * @param resultsDir where results are written
 * @param connectTimeout HTTP connect timeout
 * @param responseTimeout HTTP response timeout
 * @param echoDelay delay the local echo backend adds
 * @param echoImage Docker image of the echo backend
 * @param backendSettings images, realm size, timeouts and cache of the local backends
 * @param distributed remote engines and RMI settings, used when {@code engine} is distributed
 * @param metrics live metrics export
 * @param progressInterval how often a progress line is printed, zero for never
 * @param history run history and regression settings
 * @param abort when a failing run is stopped early
 * @param prime how long the first run of a JVM is primed before it is measured, zero for never
 * @param echoStall the local echo backend's periodic freeze ({@code perf.echo.stall}), if any
 * @param slaLatency what latency thresholds judge ({@code perf.sla.latency})
 * @param run the keys each run reads beside its profile (HTTP client, shared connections, JTL,
 *     label cap, warm-up origin), handed to the engine the session builds
 * @param junitReports where a JUnit XML of each verdict goes ({@code perf.junit.reports-dir}),
 *     empty when {@code off}
 * @param jmx how existing JMeter plans run ({@code perf.jmx*}, {@code perf.warm-up} as set)
 * @param warnings harmless oddities found while reading, e.g. unknown PERF_* variables
 * @param systemValues the keys systems declared ({@link ConfigKeys}), parsed; read them with
 *     {@link #value(SystemKey)}
 */
public record PerfConfig(
    LoadProfile profile, BackendMode backends, Target target, EngineKind engine, Path resultsDir,
    Duration connectTimeout, Duration responseTimeout, Duration echoDelay, String echoImage,
    BackendSettings backendSettings, DistributedSettings distributed, MetricsSettings metrics,
    Duration progressInterval, HistorySettings history, AbortSettings abort, Duration prime,
    Optional<EchoStall> echoStall, LatencyFigure slaLatency, RunSettings run,
    Optional<Path> junitReports, JmxSettings jmx,
    List<String> warnings, Map<String, Optional<?>> systemValues) {

  public PerfConfig {
    warnings = List.copyOf(warnings);
    systemValues = Map.copyOf(systemValues);
  }

  /**
   * The value of a key a system declared, parsed and validated with the rest. Empty when the key
   * has no default and no source sets it.
   *
   * @throws IllegalStateException when no {@link ConfigKeys} on the class path declares the key
   */
  public <T> Optional<T> value(SystemKey<T> key) {
    Optional<?> value = systemValues.get(key.key());
    if (value == null) {
      throw new IllegalStateException("configuration key " + key.key() + " is not declared. Fix: "
          + "return it from a " + ConfigKeys.class.getName() + " listed in META-INF/services/"
          + ConfigKeys.class.getName());
    }
    @SuppressWarnings("unchecked") // parsed by this very key, so of its type
    Optional<T> typed = (Optional<T>) value;
    return typed;
  }

  /**
   * Reads and validates the configuration of this JVM.
   *
   * @throws ConfigException naming every bad key, its value, where it came from and the fix
   */
  public static PerfConfig load() {
    return from(ConfigSource.ofThisJvm());
  }

  /**
   * The configuration these {@code perf.*} properties give alone, as if they were the only system
   * properties: no environment, no {@code perf.properties}, no ambient {@code -D} of this JVM.
   * Unit tests read their configuration this way, so a user's {@code -Dperf.hold=40s} on the
   * build's command line cannot change what they check.
   *
   * @throws ConfigException naming every bad key, its value, where it came from and the fix
   */
  public static PerfConfig of(Map<String, String> properties) {
    return from(ConfigSource.of(properties));
  }

  static PerfConfig from(ConfigSource source) {
    List<String> warnings = source.checkUnknownKeys();
    SettingsReader read = new SettingsReader(source);
    RunSettings run = RunSettings.read(read);
    LoadProfile profile = profile(read, run);
    BackendMode backends = read.choice(ConfigKey.BACKENDS, BackendMode.class)
        .orElse(BackendMode.AUTO);
    EngineKind engine = read.choice(ConfigKey.ENGINE, EngineKind.class).orElse(EngineKind.EMBEDDED);
    Target target = read.parse(ConfigKey.TARGET, v -> Target.load(read.raw(ConfigKey.TARGET)
        .orElseThrow())).orElse(new Target(Target.LOCAL, Map.of(), Map.of()));
    Path results = read.parse(ConfigKey.RESULTS_DIR, Path::of)
        .orElse(Path.of("target/perf-results"));
    Duration connect = read.duration(ConfigKey.CONNECT_TIMEOUT, true).orElse(Duration.ofSeconds(5));
    Duration response = read.duration(ConfigKey.RESPONSE_TIMEOUT, true)
        .orElse(Duration.ofSeconds(20));
    Duration echoDelay = read.duration(ConfigKey.ECHO_DELAY, false).orElse(Duration.ZERO);
    String echoImage = read.text(ConfigKey.ECHO_IMAGE).orElseThrow();
    BackendSettings backendSettings = backendSettings(read);
    DistributedSettings distributed = distributed(read, engine);
    MetricsSettings metrics = metrics(read);
    Duration progress = read.duration(ConfigKey.PROGRESS_INTERVAL, false)
        .orElse(Duration.ofSeconds(10));
    HistorySettings history = history(read);
    AbortSettings abort = abort(read);
    Duration prime = read.duration(ConfigKey.PRIME, false).orElse(Duration.ofSeconds(5));
    Optional<EchoStall> echoStall = read.parse(ConfigKey.ECHO_STALL, EchoStall::parse);
    LatencyFigure slaLatency = read.parse(ConfigKey.SLA_LATENCY, LatencyFigure::parse)
        .orElse(LatencyFigure.RESPONSE);
    Optional<Path> junitReports = read.text(ConfigKey.JUNIT_REPORTS_DIR).map(String::trim)
        .filter(v -> !v.isEmpty() && !"off".equalsIgnoreCase(v)).map(Path::of);
    JmxSettings jmx = JmxSettings.from(source);
    Map<String, Optional<?>> systemValues = new LinkedHashMap<>();
    for (SystemKey<?> key : source.declared().all()) {
      systemValues.put(key.key(), read.parse(key, key::parse));
    }
    read.throwIfInvalid();
    return new PerfConfig(profile, backends, target, engine, results, connect, response, echoDelay,
        echoImage, backendSettings, distributed, metrics, progress, history, abort, prime,
        echoStall, slaLatency, run, junitReports, jmx, warnings, systemValues);
  }

  private static DistributedSettings distributed(SettingsReader read, EngineKind engine) {
    DistributedSettings defaults = DistributedSettings.defaults();
    List<String> remotes = read.parse(ConfigKey.REMOTES, v -> Arrays.stream(v.split(","))
        .map(String::trim).filter(r -> !r.isEmpty()).map(PerfConfig::remote).toList())
        .orElse(List.of());
    RemoteSplit split = read.choice(ConfigKey.REMOTES_SPLIT, RemoteSplit.class)
        .orElse(defaults.split());
    Duration watchdog = read.duration(ConfigKey.REMOTES_WATCHDOG, true).orElse(defaults.watchdog());
    int localPort = port(read, ConfigKey.REMOTES_LOCAL_PORT).orElse(0);
    boolean ssl = read.bool(ConfigKey.RMI_SSL).orElse(true);
    boolean trusted = read.bool(ConfigKey.RMI_TRUSTED_NETWORK).orElse(false);
    Path keystore = read.parse(ConfigKey.RMI_KEYSTORE, PerfConfig::path)
        .orElse(defaults.keystore());
    String alias = read.text(ConfigKey.RMI_KEY_ALIAS).orElse(defaults.keyAlias());
    RemoteData data = read.parse(ConfigKey.REMOTES_DATA, RemoteData::parse).orElse(defaults.data());
    if (engine == EngineKind.DISTRIBUTED && remotes.isEmpty()
        && read.raw(ConfigKey.REMOTES).isEmpty()) {
      read.fail("perf.engine=distributed needs remote engines, but perf.remotes is not set. Fix: "
          + "-Dperf.remotes=host:port,host:port (start each engine with java -jar "
          + "target/perf-suite-remote-engine.jar --port PORT), or -Dperf.engine=embedded.");
    }
    if (engine == EngineKind.DISTRIBUTED && ssl && !Files.isRegularFile(keystore)) {
      read.fail("perf.rmi.ssl=true (the default) needs an RMI keystore, but perf.rmi.keystore="
          + keystore + " is not a file. Fix: point perf.rmi.keystore at the JKS every engine "
          + "shares (docs/distributed.md), or turn SSL off explicitly with "
          + "-Dperf.rmi.ssl=false on a trusted network.");
    } else if (engine == EngineKind.DISTRIBUTED && ssl) {
      KeystoreExposure.warn(keystore);
    }
    RemoteSamples samples = read.choice(ConfigKey.REMOTES_SAMPLES, RemoteSamples.class)
        .orElse(defaults.samples());
    Duration interval = read.duration(ConfigKey.REMOTES_SNAPSHOT_INTERVAL, true)
        .orElse(defaults.snapshotInterval());
    RemoteJtl jtl = read.choice(ConfigKey.REMOTES_JTL, RemoteJtl.class).orElse(defaults.jtl());
    int expected = read.parse(ConfigKey.REMOTES_EXPECTED, v -> {
      int n = Integer.parseInt(v.trim());
      if (n < 0) {
        throw new IllegalArgumentException();
      }
      return n;
    }).orElse(defaults.expected());
    Duration wait = read.duration(ConfigKey.REMOTES_WAIT, true).orElse(defaults.expectedWait());
    return new DistributedSettings(remotes, split, watchdog, localPort, ssl, trusted, keystore,
        alias, samples, interval, jtl, data, expected, wait);
  }

  private static String remote(String value) {
    int colon = value.lastIndexOf(':');
    if (colon <= 0 || colon == value.length() - 1
        || value.startsWith("dns:") && value.substring(4, colon).isBlank()) {
      throw new IllegalArgumentException(value);
    }
    int port = Integer.parseInt(value.substring(colon + 1));
    if (port <= 0 || port > 65535) {
      throw new IllegalArgumentException(value);
    }
    return value;
  }

  private static MetricsSettings metrics(SettingsReader read) {
    MetricsSettings defaults = MetricsSettings.defaults();
    MetricsExport export = read.choice(ConfigKey.METRICS_EXPORT, MetricsExport.class)
        .orElse(defaults.export());
    String host = read.text(ConfigKey.METRICS_HOST).map(String::trim).orElse(defaults.host());
    int port = port(read, ConfigKey.METRICS_PORT).orElse(defaults.port());
    URI otlp = read.parse(ConfigKey.METRICS_OTLP_URL, v -> {
      URI uri = URI.create(v.trim());
      if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
          || uri.getHost() == null) {
        throw new IllegalArgumentException(v);
      }
      return uri;
    }).orElse(defaults.otlpUrl());
    Duration step = read.duration(ConfigKey.METRICS_STEP, true).orElse(defaults.step());
    return new MetricsSettings(export, host, port, otlp, step);
  }

  private static HistorySettings history(SettingsReader read) {
    HistorySettings defaults = HistorySettings.defaults();
    Path dir = read.parse(ConfigKey.HISTORY_DIR, PerfConfig::path).orElse(defaults.directory());
    RegressionMode mode = read.choice(ConfigKey.REGRESSION, RegressionMode.class)
        .orElse(defaults.regression());
    double tolerance = read.positiveNumber(ConfigKey.REGRESSION_TOLERANCE)
        .orElse(defaults.tolerancePercent());
    Optional<Path> baseline = read.parse(ConfigKey.BASELINE, v -> {
      Path p = path(v);
      if (!Files.isRegularFile(p)) {
        throw new ConfigException("perf.baseline=" + v + " is not a readable file. Fix: point "
            + "it at a history file written by an earlier run (under perf.history.dir), or unset "
            + "it to compare with the previous run.");
      }
      return p;
    });
    int trend = read.positiveInt(ConfigKey.TREND_RUNS).orElse(defaults.trendRuns());
    boolean anySelection = read.parse(ConfigKey.BASELINE_SELECTION, v -> switch (v.trim()
        .toLowerCase(Locale.ROOT)) {
      case "same" -> false;
      case "any" -> true;
      default -> throw new IllegalArgumentException(v);
    }).orElse(false);
    return new HistorySettings(dir, mode, tolerance, baseline, trend, anySelection);
  }

  private static AbortSettings abort(SettingsReader read) {
    AbortSettings defaults = AbortSettings.defaults();
    OptionalDouble rate = read.parse(ConfigKey.ABORT_ERROR_RATE, v -> {
      if ("off".equalsIgnoreCase(v.trim())) {
        return OptionalDouble.empty();
      }
      double percent = Double.parseDouble(v.trim());
      if (!(percent > 0 && percent < 100)) {
        throw new IllegalArgumentException(v);
      }
      return OptionalDouble.of(percent);
    }).orElse(defaults.errorRatePercent());
    Duration window = read.duration(ConfigKey.ABORT_WINDOW, true).orElse(defaults.window());
    if (window.toSeconds() < 1) {
      read.fail("perf.abort.window=" + window.toMillis() + "ms is shorter than 1 s. Fix: a "
          + "duration such as 30s");
    }
    List<LatencyRule> rules = read.parse(ConfigKey.ABORT_LATENCY, v -> {
      try {
        return LatencyRule.parseAll(v);
      } catch (IllegalArgumentException e) {
        throw new ConfigException("perf.abort.latency=" + v + ": " + e.getMessage()
            + ". Fix: a rule such as p95>800ms, several separated by commas, or off");
      }
    }).orElse(List.of());
    Duration latencyWindow = read.duration(ConfigKey.ABORT_LATENCY_WINDOW, true)
        .orElse(defaults.latencyWindow());
    if (latencyWindow.toSeconds() < 1) {
      read.fail("perf.abort.latency-window=" + latencyWindow.toMillis() + "ms is shorter than "
          + "1 s. Fix: a duration such as 10s");
    }
    return new AbortSettings(rate, window, rules, latencyWindow);
  }

  private static Optional<Integer> port(SettingsReader read, ConfigKey key) {
    return read.parse(key, v -> {
      int port = Integer.parseInt(v.trim());
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException();
      }
      return port;
    });
  }

  private static Path path(String value) {
    return value.startsWith("~") ? Path.of(System.getProperty("user.home") + value.substring(1))
        : Path.of(value);
  }

  private static BackendSettings backendSettings(SettingsReader read) {
    BackendSettings defaults = BackendSettings.defaults();
    int echoPort = port(read, ConfigKey.ECHO_PORT).orElse(0);
    Path cache = read.parse(ConfigKey.CACHE_DIR, PerfConfig::path)
        .orElse(defaults.cacheDirectory());
    return new BackendSettings(echoPort,
        read.text(ConfigKey.POSTGRES_IMAGE).orElse(defaults.postgresImage()),
        read.text(ConfigKey.KEYCLOAK_IMAGE).orElse(defaults.keycloakImage()),
        read.text(ConfigKey.STUBS_IMAGE).orElse(defaults.stubsImage()),
        read.positiveInt(ConfigKey.KEYCLOAK_USERS).orElse(defaults.keycloakUsers()),
        read.positiveInt(ConfigKey.KEYCLOAK_HASH_ITERATIONS).orElse(defaults.hashIterations()),
        read.duration(ConfigKey.STARTUP_TIMEOUT, true).orElse(defaults.startupTimeout()),
        cache, read.text(ConfigKey.TOXIPROXY_IMAGE).orElse(defaults.toxiproxyImage()));
  }

  private static LoadProfile profile(SettingsReader read, RunSettings run) {
    Optional<LoadProfile> named = read.parse(ConfigKey.PROFILE, Profiles::named);
    // Overrides are read even when the profile name is bad, so that one run reports every error.
    Optional<Integer> threads = read.positiveInt(ConfigKey.THREADS);
    Optional<Duration> rampUp = read.duration(ConfigKey.RAMP_UP, false);
    Optional<Duration> hold = read.duration(ConfigKey.HOLD, false);
    Optional<Integer> iterations = read.positiveInt(ConfigKey.ITERATIONS);
    Optional<Duration> think = read.duration(ConfigKey.THINK_TIME, false);
    Optional<Double> rate = read.positiveNumber(ConfigKey.TARGET_RATE);
    Optional<Integer> maxThreads = read.positiveInt(ConfigKey.MAX_THREADS);
    Optional<Duration> warmUp = read.duration(ConfigKey.WARM_UP, false);
    Optional<Arrivals> arrivals = read.choice(ConfigKey.ARRIVALS, Arrivals.class);
    Optional<UserThreads> userThreads = read.choice(ConfigKey.USERS_THREADS, UserThreads.class);
    Optional<UserConnections> connections =
        read.parse(ConfigKey.USERS_CONNECTIONS, UserConnections::parse);
    connections.filter(c -> c == UserConnections.SHARED).ifPresent(c -> {
      try {
        run.checkConnections(c);
      } catch (ConfigException e) {
        read.fail(e.getMessage());
      }
    });
    UserThreads asked = userThreads.orElse(UserThreads.AUTO);
    if (Runtime.version().feature() < asked.firstJava()) {
      read.fail("perf.users.threads=" + asked.name().toLowerCase(Locale.ROOT) + " needs Java "
          + asked.firstJava() + "+, but this JVM is Java " + Runtime.version().feature()
          + ". Fix: run on Java 24+ (e.g. JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64), or "
          + "-Dperf.users.threads=auto.");
    }
    if (named.isEmpty()) {
      return Profiles.smoke();
    }
    LoadProfile base = named.get();
    if (iterations.isPresent() && rate.isPresent()) {
      read.fail("perf.iterations and perf.target-rate cannot be combined: iterations bound the "
          + "closed model, a target rate selects the open model. Fix: unset one of them.");
      return base;
    }
    try {
      // Warm-up is applied last: it is validated against the final planned duration.
      LoadProfile p = base.withWarmUp(Duration.ZERO);
      p = rampUp.map(p::withRampUp).orElse(p);
      p = hold.map(p::withHold).orElse(p);
      p = threads.map(p::withUsers).orElse(p);
      p = rate.map(p::withTargetRate).orElse(p);
      p = maxThreads.map(p::withMaxThreads).orElse(p);
      p = iterations.map(p::withIterations).orElse(p);
      p = think.map(p::withThinkTime).orElse(p);
      p = arrivals.map(p::withArrivals).orElse(p);
      p = userThreads.map(p::withUserThreads).orElse(p);
      p = connections.map(p::withConnections).orElse(p);
      return p.withWarmUp(warmUp.orElse(base.warmUp()));
    } catch (IllegalArgumentException e) {
      read.fail("Inconsistent load profile from perf.profile=" + base.name()
          + " and its overrides (perf.warm-up, perf.ramp-up, perf.hold, ...): " + e.getMessage()
          + ". Fix: shorten perf.warm-up or lengthen perf.hold.");
      return base;
    }
  }

  /** One line per setting, for the start of a run's console output. */
  public String describe() {
    return String.format("profile=%s%nbackends=%s target=%s engine=%s results=%s "
            + "connect-timeout=%s response-timeout=%s", profile, backends.name().toLowerCase(),
        target.name(), engine.name().toLowerCase(), resultsDir, connectTimeout, responseTimeout);
  }
}
