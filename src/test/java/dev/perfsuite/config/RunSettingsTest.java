package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.config.settings.HttpProtocol;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.users.UserConnections;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys a run reads beside its profile: read once, checked before load, handed down. */
class RunSettingsTest {

  @Test
  void shouldDefaultEveryKeyWhenNoSourceSetsIt() {
    RunSettings settings = RunSettings.defaults();

    assertThat(settings.httpClient()).as("perf.http.client").isEqualTo(HttpClientKind.SUITE);
    assertThat(settings.sharedConnections()).as("perf.users.connections.max, per core")
        .isEqualTo(RunSettings.SHARED_CONNECTIONS_PER_CORE
            * Runtime.getRuntime().availableProcessors());
    assertThat(settings.jtl()).as("perf.jtl").isEqualTo(JtlContent.ALL);
    assertThat(settings.jtlCompressed()).as("perf.jtl.compress").isFalse();
    assertThat(settings.labelsMax()).as("perf.labels.max").isEqualTo(1000);
    assertThat(settings.warmUpOrigin()).as("perf.warm-up.origin")
        .isEqualTo(WarmUpOrigin.TEST_START);
  }

  @Test
  void shouldReadEveryKeyWhenSet() {
    RunSettings settings = RunSettings.of(Map.of("perf.http.client", "jmeter",
        "perf.users.connections.max", "7", "perf.jtl", "errors", "perf.jtl.compress", "true",
        "perf.labels.max", "50", "perf.warm-up.origin", "first-sample",
        "perf.secrets.variables", " token, session.id ", "perf.http.version", "2"));

    assertThat(settings).as("settings").isEqualTo(new RunSettings(HttpClientKind.JMETER, 7,
        JtlContent.ERRORS, true, 50, WarmUpOrigin.FIRST_SAMPLE, List.of("token", "session.id"),
        HttpProtocol.HTTP_2));
  }

  @Test
  void shouldSpeakHttp11WhenNoVersionIsSet() {
    assertThat(RunSettings.of(Map.of()).httpProtocol()).as("perf.http.version unset")
        .isEqualTo(HttpProtocol.HTTP_1_1);
    assertThat(RunSettings.of(Map.of("perf.http.version", " AUTO ")).httpProtocol())
        .as("perf.http.version= AUTO ").isEqualTo(HttpProtocol.AUTO);
  }

  @Test
  void shouldRefuseAnUnknownHttpVersionNamingKeyValueAndAllowedValues() {
    assertThatThrownBy(() -> RunSettings.of(Map.of("perf.http.version", "3")))
        .as("perf.http.version=3").isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.http.version")
        .hasMessageContaining("3")
        .hasMessageContaining("one of 1.1, 2, auto");
  }

  @Test
  void shouldRefuseASecretVariableThatIsNotAVariableNameNamingKeyValueAndFix() {
    assertThatThrownBy(() -> RunSettings.of(Map.of("perf.secrets.variables", "token,${sid}")))
        .as("perf.secrets.variables holding ${sid}").isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.secrets.variables=token,${sid}")
        .hasMessageContaining("Fix:");
  }

  @Test
  void shouldTakeTheEnginesWorkDirectoryFromItsJvmOptionWhenSetElseTheTempDirectory() {
    assertThat(EngineSettings.of(Map.of("perf.engine.work-dir", "/engine/work")).workDirectory())
        .as("-Dperf.engine.work-dir").isEqualTo(Path.of("/engine/work"));
    assertThat(EngineSettings.of(Map.of()).workDirectory()).as("default")
        .isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "perf-suite-engine"));
  }

  @Test
  void shouldNameEveryBadKeyItsValueAndTheFixWhenValuesAreBad() {
    Map<String, String> bad = Map.of("perf.warm-up.origin", "first", "perf.jtl", "some",
        "perf.jtl.compress", "yes", "perf.labels.max", "0", "perf.users.connections.max", "-1");

    assertThatThrownBy(() -> RunSettings.of(bad)).as("bad values")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.warm-up.origin").hasMessageContaining("first")
        .hasMessageContaining("test-start, first-sample")
        .hasMessageContaining("perf.jtl").hasMessageContaining("some")
        .hasMessageContaining("perf.jtl.compress=yes is not true or false. Fix: ")
        .hasMessageContaining("perf.labels.max=0 is not a positive whole number. Fix: ")
        .hasMessageContaining("perf.users.connections.max").hasMessageContaining("-1");
  }

  @Test
  void shouldRefuseTheConfigurationBeforeLoadWhenARunKeyIsBad() {
    assertThatThrownBy(() -> PerfConfig.of(Map.of("perf.labels.max", "many")))
        .as("a bad run key fails the whole configuration")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.labels.max=many").hasMessageContaining("Fix: ");
    assertThatThrownBy(() -> PerfConfig.of(Map.of("perf.http.client", "netty")))
        .as("a bad HTTP client, without shared connections")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.client")
        .hasMessageContaining("netty");
  }

  @Test
  void shouldRefuseSharedConnectionsOnJmetersClientWhenTheConfigurationIsRead() {
    assertThatThrownBy(() -> PerfConfig.of(Map.of("perf.http.client", "jmeter",
        "perf.users.connections", "shared")))
        .as("shared connections on JMeter's client")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.users.connections=shared")
        .hasMessageContaining("Fix: -Dperf.http.client=suite");
    assertThatThrownBy(() -> RunSettings.of(Map.of("perf.http.client", "jmeter"))
        .checkConnections(UserConnections.SHARED)).as("checked by the run's settings")
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.http.client=jmeter");
  }

  @Test
  void shouldHoldTheRunsKeysInTheConfigurationWhateverThisJvmSaysLater() throws Exception {
    PerfConfig config = AmbientFlags.with(Map.of("perf.jtl", "none"),
        () -> PerfConfig.of(Map.of("perf.jtl", "errors", "perf.junit.reports-dir", "out")));

    assertThat(config.run().jtl()).as("the run's perf.jtl, not this JVM's")
        .isEqualTo(JtlContent.ERRORS);
    assertThat(config.junitReports()).as("perf.junit.reports-dir").contains(Path.of("out"));
    assertThat(PerfConfig.of(Map.of()).junitReports()).as("off by default").isEmpty();
  }

  @Test
  void shouldReadThisJvmAgainAtEachCallWhenARunStarts() throws Exception {
    RunSettings first = AmbientFlags.with(Map.of("perf.labels.max", "5"),
        RunSettings::fromThisJvm);
    RunSettings second = AmbientFlags.with(Map.of("perf.labels.max", "6"),
        RunSettings::fromThisJvm);

    assertThat(first.labelsMax()).as("first run's cap").isEqualTo(5);
    assertThat(second.labelsMax()).as("second run's cap, set between the runs").isEqualTo(6);
  }
}
