package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.BackendMode;
import dev.perfsuite.config.settings.DistributedSettings;
import dev.perfsuite.config.settings.EngineKind;
import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSamples;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.users.Stage;
import dev.perfsuite.users.UserConnections;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading, typing and validating every key; all sources are in-memory maps. */
class PerfConfigTest {

  /** A configuration from system properties given as key, value, key, value... */
  private static PerfConfig withSystemProperties(String... keyValues) {
    return PerfConfig.from(new ConfigSource(pairs(keyValues), Map.of(), Map.of()));
  }

  private static Map<String, String> pairs(String... keyValues) {
    Map<String, String> map = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put(keyValues[i], keyValues[i + 1]);
    }
    return map;
  }

  private static String errorOf(String... keyValues) {
    try {
      withSystemProperties(keyValues);
    } catch (ConfigException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a ConfigException for " + List.of(keyValues));
  }

  private static List<Double> levels(LoadProfile profile) {
    return profile.stages().stream().map(Stage::level).toList();
  }

  // Defaults

  @Test
  void shouldUseSmokeAndDocumentedDefaultsWhenNothingIsSet() {
    PerfConfig config = withSystemProperties();

    assertThat(config.profile()).isEqualTo(Profiles.smoke());
    assertThat(config.backends()).isEqualTo(BackendMode.AUTO);
    assertThat(config.engine()).isEqualTo(EngineKind.EMBEDDED);
    assertThat(config.target().isLocal()).isTrue();
    assertThat(config.resultsDir()).isEqualTo(Path.of("target/perf-results"));
    assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.responseTimeout()).isEqualTo(Duration.ofSeconds(20));
    assertThat(config.echoDelay()).isZero();
    assertThat(config.warnings()).isEmpty();
  }

  @Test
  void shouldReadTypedValuesFromEverySource() {
    PerfConfig config = PerfConfig.from(new ConfigSource(
        Map.of("perf.backends", "embedded"),
        Map.of("PERF_ECHO_DELAY", "20ms"),
        Map.of("perf.response-timeout", "1m", "perf.results-dir", "out/perf")));

    assertThat(config.backends()).isEqualTo(BackendMode.EMBEDDED);
    assertThat(config.echoDelay()).isEqualTo(Duration.ofMillis(20));
    assertThat(config.responseTimeout()).isEqualTo(Duration.ofMinutes(1));
    assertThat(config.resultsDir()).isEqualTo(Path.of("out/perf"));
  }

  @Test
  void shouldAcceptProfileNameInAnyCase() {
    assertThat(withSystemProperties("perf.profile", "Stepped").profile())
        .isEqualTo(Profiles.stepped());
  }

  // Invalid values

  @Test
  void shouldRejectUnknownProfileNamingValidProfiles() {
    assertThatThrownBy(() -> withSystemProperties("perf.profile", "nonsense"))
        .isInstanceOf(ConfigException.class)
        .as("names key, value and every valid profile")
        .hasMessageContaining("perf.profile")
        .hasMessageContaining("nonsense")
        .hasMessageContainingAll(Profiles.names().toArray(String[]::new));
  }

  @Test
  void shouldRejectNegativeThreadsNamingKeyValueAndForm() {
    assertThat(errorOf("perf.threads", "-5")).as("negative threads")
        .contains("perf.threads", "'-5'", "positive whole number", "-Dperf.threads");
  }

  @Test
  void shouldReadKeepAliveAsTheFormerNameOfPerUserConnections() {
    assertThat(withSystemProperties("perf.users.connections", "keep-alive").profile()
        .connections()).as("keep-alive").isEqualTo(UserConnections.PER_USER);
    assertThat(withSystemProperties("perf.users.connections", "shared", "perf.http.client",
        "suite").profile().connections()).as("shared").isEqualTo(UserConnections.SHARED);
  }

  @Test
  void shouldRefuseSharedConnectionsOnJmetersClientNamingTheFix() {
    assertThat(errorOf("perf.users.connections", "shared", "perf.http.client", "jmeter"))
        .as("shared on JMeter's client")
        .contains("perf.users.connections=shared", "Fix: -Dperf.http.client=suite");
  }

  @Test
  void shouldRejectZeroThreadsNamingKeyValueAndForm() {
    assertThat(errorOf("perf.threads", "0")).as("zero threads")
        .contains("perf.threads", "'0'", "positive whole number");
  }

  @Test
  void shouldRejectNonNumericThreadsNamingKeyValueAndForm() {
    assertThat(errorOf("perf.threads", "ten")).as("non-numeric threads")
        .contains("perf.threads", "'ten'", "positive whole number");
    assertThat(errorOf("perf.threads", "2.5")).as("fractional threads")
        .contains("perf.threads", "'2.5'", "positive whole number");
  }

  @Test
  void shouldNameEnvironmentVariableWhenBadValueCameFromEnvironment() {
    assertThatThrownBy(() -> PerfConfig.from(new ConfigSource(Map.of(),
        Map.of("PERF_THREADS", "lots"), Map.of())))
        .as("origin and fix point at the environment variable")
        .hasMessageContaining("environment variable PERF_THREADS")
        .hasMessageContaining("'lots'");
  }

  @Test
  void shouldNamePropertiesFileWhenBadValueCameFromFile() {
    assertThatThrownBy(() -> PerfConfig.from(new ConfigSource(Map.of(), Map.of(),
        Map.of("perf.backends", "kubernetes"))))
        .as("origin and fix point at perf.properties")
        .hasMessageContaining("perf.properties")
        .hasMessageContaining("'kubernetes'")
        .hasMessageContaining("auto, testcontainers, embedded");
  }

  @Test
  void shouldRejectBareNumberAsHoldNamingDurationForm() {
    assertThat(errorOf("perf.hold", "10")).as("a number without unit")
        .contains("perf.hold", "'10'", "a duration such as 30s, 5m");
  }

  @Test
  void shouldRejectTextAsHoldNamingDurationForm() {
    assertThat(errorOf("perf.hold", "abc")).as("not a duration")
        .contains("perf.hold", "'abc'", "a duration such as 30s, 5m");
  }

  @Test
  void shouldRejectNegativeIsoDuration() {
    assertThat(errorOf("perf.echo.delay", "PT-5S")).as("negative echo delay")
        .contains("perf.echo.delay", "'PT-5S'");
    assertThat(errorOf("perf.hold", "-PT5S")).as("negative hold")
        .contains("perf.hold", "'-PT5S'");
  }

  @Test
  void shouldRejectZeroTimeout() {
    assertThat(errorOf("perf.connect-timeout", "0s")).as("zero connect timeout")
        .contains("perf.connect-timeout", "positive duration");
  }

  @Test
  void shouldRejectPayloadSizesBelowMinimum() {
    assertThat(errorOf("perf.wso2.sizes", "50,10")).as("10-byte payload")
        .contains("perf.wso2.sizes", "at least 50");
  }

  @Test
  void shouldNameEveryBadKeyInOneMessage() {
    String message = errorOf(
        "perf.threads", "-1",
        "perf.hold", "10",
        "perf.backends", "docker",
        "perf.connect-timeout", "soon",
        "perf.target-rate", "fast");

    assertThat(message).as("all five problems reported together")
        .contains("perf.threads", "perf.hold", "perf.backends", "perf.connect-timeout",
            "perf.target-rate");
  }

  @Test
  void shouldStillReportOverridesWhenProfileIsInvalid() {
    String message = errorOf("perf.profile", "nonsense", "perf.threads", "zero");

    assertThat(message).as("a bad profile does not hide a bad override")
        .contains("perf.profile", "perf.threads");
  }

  @Test
  void shouldRejectIterationsCombinedWithTargetRate() {
    assertThat(errorOf("perf.iterations", "10", "perf.target-rate", "50"))
        .as("closed-model bound with open-model rate")
        .contains("perf.iterations", "perf.target-rate", "Fix");
  }

  // Profile overrides

  @Test
  void shouldScaleSteppedProfileProportionallyWhenThreadsOverridden() {
    LoadProfile profile = withSystemProperties("perf.profile", "stepped", "perf.threads", "100")
        .profile();

    assertThat(levels(profile)).as("500/1000 scaled to a peak of 100")
        .containsExactly(50.0, 100.0);
    assertThat(profile.model()).isEqualTo(LoadModel.CLOSED);
    assertThat(profile.stages()).extracting(Stage::rampUp)
        .containsOnly(Duration.ofSeconds(250));
  }

  @Test
  void shouldSwitchToOpenModelWithThreadCapWhenTargetRateSet() {
    LoadProfile profile = withSystemProperties("perf.profile", "load", "perf.target-rate", "250")
        .profile();

    assertThat(profile.model()).isEqualTo(LoadModel.OPEN);
    assertThat(profile.peakLevel()).isEqualTo(250.0);
    assertThat(profile.maxThreads()).as("cap is max(users, rate)").isEqualTo(250);
  }

  @Test
  void shouldUseExplicitMaxThreadsWithTargetRate() {
    LoadProfile profile = withSystemProperties("perf.target-rate", "50", "perf.max-threads", "8")
        .profile();

    assertThat(profile.model()).isEqualTo(LoadModel.OPEN);
    assertThat(profile.maxThreads()).isEqualTo(8);
  }

  @Test
  void shouldRejectWarmUpLongerThanPlannedDurationNamingWarmUp() {
    // smoke: 1 s ramp + 8 s hold = 9 s
    assertThat(errorOf("perf.warm-up", "10s")).as("warm-up beyond the run")
        .contains("perf.warm-up", "10s", "9s");
  }

  @Test
  void shouldValidateWarmUpAgainstDurationAfterHoldOverride() {
    LoadProfile profile = withSystemProperties("perf.hold", "1s", "perf.ramp-up", "0s",
        "perf.warm-up", "0s").profile();

    assertThat(profile.plannedDuration()).isEqualTo(Duration.ofSeconds(1));
    assertThat(profile.warmUp()).isZero();
  }

  @Test
  void shouldRejectProfileWarmUpThatNoLongerFitsShortenedHold() {
    // smoke's own 2 s warm-up against 0 s ramp + 1 s hold
    assertThat(errorOf("perf.hold", "1s", "perf.ramp-up", "0s")).as("default warm-up too long")
        .contains("perf.warm-up", "2s");
  }

  @Test
  void shouldAcceptWarmUpThatOnlyFitsLengthenedHold() {
    // 30 s is longer than smoke's 9 s, but shorter than 1 s + 60 s
    LoadProfile profile = withSystemProperties("perf.hold", "60s", "perf.warm-up", "30s")
        .profile();

    assertThat(profile.warmUp()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void shouldApplyIterationsAndThinkTime() {
    LoadProfile profile = withSystemProperties("perf.iterations", "3", "perf.think-time", "500ms")
        .profile();

    assertThat(profile.iterations()).hasValue(3);
    assertThat(profile.thinkTime()).isEqualTo(Duration.ofMillis(500));
  }

  // Warnings

  @Test
  void shouldCarryUnknownEnvironmentVariableAsWarning() {
    PerfConfig config = PerfConfig.from(new ConfigSource(Map.of(),
        Map.of("PERF_THRAEDS", "10"), Map.of()));

    assertThat(config.warnings()).as("unknown env var is a warning, not an error")
        .singleElement().asString().contains("PERF_THRAEDS");
  }

  @Test
  void shouldRejectUnknownSystemPropertyBeforeReadingValues() {
    assertThatThrownBy(() -> withSystemProperties("perf.thredas", "10"))
        .isInstanceOf(ConfigException.class)
        .as("typo suggests the right key")
        .hasMessageContaining("did you mean perf.threads");
  }

  @Test
  void shouldDescribeProfileAndSettings() {
    assertThat(withSystemProperties().describe())
        .contains("profile=smoke", "backends=auto", "target=local", "engine=embedded");
  }

  // Data files of distributed runs (perf.remotes.data)

  @Test
  void shouldShipDataFilesWholeByDefaultAndReadPartitionedFiles() {
    assertThat(withSystemProperties().distributed().data()).as("default")
        .isEqualTo(RemoteData.shared());
    assertThat(withSystemProperties("perf.remotes.data", "partitioned:keycloak-users.csv")
        .distributed().data()).as("named files")
        .isEqualTo(new RemoteData(RemoteData.Mode.PARTITIONED, List.of("keycloak-users.csv")));
  }

  @Test
  void shouldRejectAnUnknownDataModeNamingKeyAndForm() {
    assertThat(errorOf("perf.remotes.data", "split")).as("unknown mode")
        .contains("perf.remotes.data", "'split'", "shared, partitioned, off");
  }

  // Remote results (aggregation)

  @Test
  void shouldAggregateOnEnginesEverySecondAndFetchJtlsByDefault() {
    DistributedSettings distributed = withSystemProperties().distributed();

    assertThat(distributed.samples()).as("perf.remotes.samples").isEqualTo(RemoteSamples.AGGREGATE);
    assertThat(distributed.snapshotInterval()).as("perf.remotes.snapshot-interval")
        .isEqualTo(Duration.ofSeconds(1));
    assertThat(distributed.jtl()).as("perf.remotes.jtl").isEqualTo(RemoteJtl.FETCH);
  }

  @Test
  void shouldReadRemoteResultKeys() {
    DistributedSettings distributed = withSystemProperties("perf.remotes.samples", "all",
        "perf.remotes.snapshot-interval", "500ms", "perf.remotes.jtl", "keep").distributed();

    assertThat(distributed.samples()).isEqualTo(RemoteSamples.ALL);
    assertThat(distributed.snapshotInterval()).isEqualTo(Duration.ofMillis(500));
    assertThat(distributed.jtl()).isEqualTo(RemoteJtl.KEEP);
  }

  @Test
  void shouldNameKeyValueAndChoicesWhenRemoteSamplesIsUnknown() {
    assertThat(errorOf("perf.remotes.samples", "some")).as("error message")
        .contains("perf.remotes.samples").contains("some").contains("aggregate, all");
  }

  @Test
  void shouldReadTheWarmUpOriginOnceForTheEnginesWhateverThisJvmSays() throws Exception {
    PerfConfig config = AmbientFlags.with(Map.of("perf.warm-up.origin", "test-start"),
        () -> PerfConfig.of(Map.of("perf.warm-up.origin", "first-sample")));

    assertThat(config.run().warmUpOrigin()).as("the run's origin, not this JVM's")
        .isEqualTo(WarmUpOrigin.FIRST_SAMPLE);
    assertThat(PerfConfig.of(Map.of()).run().warmUpOrigin()).as("default")
        .isEqualTo(WarmUpOrigin.TEST_START);
  }
}
