package dev.perfsuite.config;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
 * @param wso2Users gateway matrix users; empty means the profile's default matrix
 * @param wso2Sizes gateway matrix payload sizes in bytes
 * @param backendSettings images, realm size, timeouts and cache of the local backends
 * @param otpPoolSize connection pool size of the reference MOSIP OTP service
 * @param warnings harmless oddities found while reading, e.g. unknown PERF_* variables
 */
public record PerfConfig(
    LoadProfile profile, BackendMode backends, Target target, EngineKind engine, Path resultsDir,
    Duration connectTimeout, Duration responseTimeout, Duration echoDelay, String echoImage,
    List<Integer> wso2Users, List<Integer> wso2Sizes, BackendSettings backendSettings,
    int otpPoolSize, List<String> warnings) {

  public PerfConfig {
    wso2Users = List.copyOf(wso2Users);
    wso2Sizes = List.copyOf(wso2Sizes);
    warnings = List.copyOf(warnings);
  }

  /**
   * Reads and validates the configuration of this JVM.
   *
   * @throws ConfigException naming every bad key, its value, where it came from and the fix
   */
  public static PerfConfig load() {
    return from(ConfigSource.ofThisJvm());
  }

  static PerfConfig from(ConfigSource source) {
    List<String> warnings = source.checkUnknownKeys();
    SettingsReader read = new SettingsReader(source);
    LoadProfile profile = profile(read);
    BackendMode backends = read.choice(ConfigKey.BACKENDS, BackendMode.class)
        .orElse(BackendMode.AUTO);
    EngineKind engine = read.choice(ConfigKey.ENGINE, EngineKind.class).orElse(EngineKind.EMBEDDED);
    Target target = read.parse(ConfigKey.TARGET, v -> Target.load(read.raw(ConfigKey.TARGET)
        .orElseThrow())).orElse(new Target(Target.LOCAL, Map.of(), Map.of()));
    Path results = read.parse(ConfigKey.RESULTS_DIR, Path::of).orElse(Path.of("target/perf-results"));
    Duration connect = read.duration(ConfigKey.CONNECT_TIMEOUT, true).orElse(Duration.ofSeconds(5));
    Duration response = read.duration(ConfigKey.RESPONSE_TIMEOUT, true)
        .orElse(Duration.ofSeconds(20));
    Duration echoDelay = read.duration(ConfigKey.ECHO_DELAY, false).orElse(Duration.ZERO);
    String echoImage = read.text(ConfigKey.ECHO_IMAGE).orElseThrow();
    List<Integer> users = read.positiveInts(ConfigKey.WSO2_USERS, 1).orElse(List.of());
    List<Integer> sizes = read.positiveInts(ConfigKey.WSO2_SIZES, 50).orElse(List.of());
    BackendSettings backendSettings = backendSettings(read);
    int otpPool = read.positiveInt(ConfigKey.OTP_POOL_SIZE).orElse(100);
    read.throwIfInvalid();
    return new PerfConfig(profile, backends, target, engine, results, connect, response, echoDelay,
        echoImage, users, sizes, backendSettings, otpPool, warnings);
  }

  private static BackendSettings backendSettings(SettingsReader read) {
    BackendSettings defaults = BackendSettings.defaults();
    int echoPort = read.parse(ConfigKey.ECHO_PORT, v -> {
      int port = Integer.parseInt(v);
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException();
      }
      return port;
    }).orElse(0);
    Path cache = read.parse(ConfigKey.CACHE_DIR, v -> v.startsWith("~")
        ? Path.of(System.getProperty("user.home") + v.substring(1)) : Path.of(v))
        .orElse(defaults.cacheDirectory());
    return new BackendSettings(echoPort,
        read.text(ConfigKey.POSTGRES_IMAGE).orElse(defaults.postgresImage()),
        read.text(ConfigKey.KEYCLOAK_IMAGE).orElse(defaults.keycloakImage()),
        read.text(ConfigKey.STUBS_IMAGE).orElse(defaults.stubsImage()),
        read.positiveInt(ConfigKey.KEYCLOAK_USERS).orElse(defaults.keycloakUsers()),
        read.positiveInt(ConfigKey.KEYCLOAK_HASH_ITERATIONS).orElse(defaults.hashIterations()),
        read.duration(ConfigKey.STARTUP_TIMEOUT, true).orElse(defaults.startupTimeout()),
        cache);
  }

  private static LoadProfile profile(SettingsReader read) {
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
