package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Precedence, blank values, environment names and unknown keys, all from in-memory maps. */
class ConfigSourceTest {

  private static Optional<Setting> lookup(ConfigKey key, Map<String, String> systemProperties,
      Map<String, String> environment, Map<String, String> file) {
    return new ConfigSource(systemProperties, environment, file).lookup(key);
  }

  @Test
  void shouldPreferSystemPropertyOverEnvironmentFileAndDefault() {
    Optional<Setting> setting = lookup(ConfigKey.ECHO_IMAGE,
        Map.of("perf.echo.image", "from-sysprop"),
        Map.of("PERF_ECHO_IMAGE", "from-env"),
        Map.of("perf.echo.image", "from-file"));

    assertThat(setting).contains(
        new Setting("perf.echo.image", "from-sysprop", Setting.Origin.SYSTEM_PROPERTY));
  }

  @Test
  void shouldPreferEnvironmentOverFileAndDefault() {
    Optional<Setting> setting = lookup(ConfigKey.ECHO_IMAGE, Map.of(),
        Map.of("PERF_ECHO_IMAGE", "from-env"), Map.of("perf.echo.image", "from-file"));

    assertThat(setting).contains(
        new Setting("perf.echo.image", "from-env", Setting.Origin.ENVIRONMENT));
  }

  @Test
  void shouldPreferFileOverDefault() {
    Optional<Setting> setting = lookup(ConfigKey.ECHO_IMAGE, Map.of(), Map.of(),
        Map.of("perf.echo.image", "from-file"));

    assertThat(setting).contains(
        new Setting("perf.echo.image", "from-file", Setting.Origin.PROPERTIES_FILE));
  }

  @Test
  void shouldUseDefaultWhenNoSourceSetsTheKey() {
    Optional<Setting> setting = lookup(ConfigKey.PROFILE, Map.of(), Map.of(), Map.of());

    assertThat(setting).contains(new Setting("perf.profile", "smoke", Setting.Origin.DEFAULT));
  }

  @Test
  void shouldReturnEmptyWhenNoSourceSetsAKeyWithoutDefault() {
    assertThat(lookup(ConfigKey.THREADS, Map.of(), Map.of(), Map.of())).isEmpty();
  }

  @Test
  void shouldFallThroughBlankValuesToTheNextSource() {
    Optional<Setting> fromFile = lookup(ConfigKey.THREADS,
        Map.of("perf.threads", ""), Map.of("PERF_THREADS", "   "), Map.of("perf.threads", "7"));
    Optional<Setting> fromDefault = lookup(ConfigKey.PROFILE,
        Map.of("perf.profile", " "), Map.of("PERF_PROFILE", ""), Map.of("perf.profile", "\t"));

    assertThat(fromFile).map(Setting::origin).as("blank -D and env fall through to the file")
        .contains(Setting.Origin.PROPERTIES_FILE);
    assertThat(fromDefault).map(Setting::value).as("blank everywhere falls through to default")
        .contains("smoke");
  }

  @Test
  void shouldTrimValues() {
    Optional<Setting> setting = lookup(ConfigKey.THREADS, Map.of("perf.threads", "  12 "),
        Map.of(), Map.of());

    assertThat(setting).map(Setting::value).contains("12");
  }

  @Test
  void shouldMapDottedAndDashedKeysToEnvironmentNames() {
    assertThat(ConfigKey.envName("perf.ramp-up")).isEqualTo("PERF_RAMP_UP");
    assertThat(ConfigKey.envName("perf.echo.delay")).isEqualTo("PERF_ECHO_DELAY");
    assertThat(ConfigKey.envName("perf.wso2.users")).isEqualTo("PERF_WSO2_USERS");
  }

  @Test
  void shouldReadEveryKeyFromItsEnvironmentName() {
    for (ConfigKey key : ConfigKey.values()) {
      Optional<Setting> setting = lookup(key, Map.of(),
          Map.of(ConfigKey.envName(key.key()), "x"), Map.of());

      assertThat(setting).as("env form of %s", key.key())
          .contains(new Setting(key.key(), "x", Setting.Origin.ENVIRONMENT));
    }
  }

  @Test
  void shouldRejectUnknownSystemPropertySuggestingClosestKey() {
    ConfigSource source = new ConfigSource(Map.of("perf.thredas", "10"), Map.of(), Map.of());

    assertThatThrownBy(source::checkUnknownKeys)
        .isInstanceOf(ConfigException.class)
        .as("typo in -D names the key and the likely intent")
        .hasMessageContaining("unknown key -Dperf.thredas")
        .hasMessageContaining("did you mean perf.threads");
  }

  @Test
  void shouldRejectUnknownKeyInPropertiesFileNamingTheFile() {
    ConfigSource source = new ConfigSource(Map.of(), Map.of(), Map.of("perf.ramp_up", "5s"));

    assertThatThrownBy(source::checkUnknownKeys)
        .isInstanceOf(ConfigException.class)
        .as("typo in perf.properties names the file and the likely intent")
        .hasMessageContaining("perf.ramp_up in perf.properties")
        .hasMessageContaining("did you mean perf.ramp-up");
  }

  @Test
  void shouldListEveryUnknownKeyAndTheHelpInOneMessage() {
    ConfigSource source = new ConfigSource(Map.of("perf.thredas", "1", "perf.hodl", "1s"),
        Map.of(), Map.of("perf.profiel", "load"));

    assertThatThrownBy(source::checkUnknownKeys)
        .as("all unknown keys at once, followed by the key reference")
        .hasMessageContaining("perf.thredas")
        .hasMessageContaining("perf.hodl")
        .hasMessageContaining("perf.profiel")
        .hasMessageContaining(ConfigKey.help());
  }

  @Test
  void shouldIgnoreSystemPropertiesOutsideThePerfNamespace() {
    ConfigSource source = new ConfigSource(
        Map.of("java.version", "17", "performance", "x", "user.dir", "/tmp"), Map.of(), Map.of());

    assertThat(source.checkUnknownKeys()).isEmpty();
  }

  @Test
  void shouldAcceptBuildOnlyPerfGroupsPropertyForwardedBySurefire() {
    ConfigSource source = new ConfigSource(Map.of("perf.groups", "wso2"), Map.of(), Map.of());

    assertThat(source.checkUnknownKeys()).as("-Dperf.groups selects tests, not configuration")
        .isEmpty();
  }

  @Test
  void shouldWarnNotFailWhenEnvironmentHasUnknownPerfVariable() {
    ConfigSource source = new ConfigSource(Map.of(),
        Map.of("PERF_THREDAS", "10", "PERF_THREADS", "5", "PATH", "/bin"), Map.of());

    assertThat(source.checkUnknownKeys()).as("unknown PERF_* only warns")
        .singleElement().asString().contains("PERF_THREDAS");
  }

  @Test
  void shouldNotWarnAboutSecretVariables() {
    ConfigSource source = new ConfigSource(Map.of(),
        Map.of("PERF_ADMIN_PASSWORD", "x", "PERF_KEYCLOAK_CLIENT_SECRET_FILE", "/tmp/s"), Map.of());

    assertThat(source.checkUnknownKeys()).isEmpty();
  }

  @Test
  void shouldListEveryKeyWithEnvironmentNameInHelp() {
    String help = ConfigKey.help();

    for (ConfigKey key : ConfigKey.values()) {
      assertThat(help).contains(key.key(), ConfigKey.envName(key.key()), key.accepted());
    }
  }
}
