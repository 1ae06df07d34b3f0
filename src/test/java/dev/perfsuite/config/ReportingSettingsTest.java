package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.RegressionMode;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys of live metrics, progress, history and remote engines, read and checked before load. */
class ReportingSettingsTest {

  private static PerfConfig with(String... keyValues) {
    Map<String, String> props = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      props.put(keyValues[i], keyValues[i + 1]);
    }
    return PerfConfig.from(new ConfigSource(props, Map.of(), Map.of()));
  }

  @Test
  void shouldDefaultToNoExportTenSecondProgressAndWarnOnRegression() {
    PerfConfig config = with();

    assertThat(config.metrics().export()).as("perf.metrics.export default")
        .isEqualTo(MetricsExport.NONE);
    assertThat(config.metrics().host()).as("scrape endpoint binds loopback").isEqualTo("127.0.0.1");
    assertThat(config.progressInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.history().regression()).isEqualTo(RegressionMode.WARN);
    assertThat(config.distributed().rmiSsl()).as("RMI SSL on unless turned off").isTrue();
  }

  @Test
  void shouldReadPrometheusExportOnGivenPort() {
    PerfConfig config = with("perf.metrics.export", "prometheus", "perf.metrics.port", "0",
        "perf.progress.interval", "0s");

    assertThat(config.metrics().export()).isEqualTo(MetricsExport.PROMETHEUS);
    assertThat(config.metrics().port()).isZero();
    assertThat(config.progressInterval()).as("0s turns progress off").isZero();
  }

  @Test
  void shouldNameKeyValueAndFixWhenExportOrPortIsBad() {
    assertThatThrownBy(() -> with("perf.metrics.export", "graphite", "perf.metrics.port", "70000",
        "perf.metrics.otlp.url", "localhost:4318"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.metrics.export").hasMessageContaining("graphite")
        .hasMessageContaining("none, prometheus, otlp")
        .hasMessageContaining("perf.metrics.port").hasMessageContaining("70000")
        .hasMessageContaining("perf.metrics.otlp.url");
  }

  @Test
  void shouldRefuseDistributedEngineWithoutRemotes() {
    assertThatThrownBy(() -> with("perf.engine", "distributed", "perf.rmi.ssl", "false"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.remotes").hasMessageContaining("Fix");
  }

  @Test
  void shouldTrustTheCallbackNetworkOnlyWhenSaid() {
    assertThat(with().distributed().trustedNetwork()).as("perf.rmi.trusted-network unset")
        .isFalse();
    assertThat(with("perf.rmi.trusted-network", "true").distributed().trustedNetwork())
        .as("perf.rmi.trusted-network=true").isTrue();
    assertThatThrownBy(() -> with("perf.rmi.trusted-network", "yes"))
        .as("perf.rmi.trusted-network=yes").isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.rmi.trusted-network").hasMessageContaining("'yes'");
  }

  @Test
  void shouldRefuseSslWithoutKeystoreUnlessTurnedOffExplicitly() {
    assertThatThrownBy(() -> with("perf.engine", "distributed", "perf.remotes",
        "127.0.0.1:1099", "perf.rmi.keystore", "target/no-such-keystore.jks"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.rmi.keystore=target/no-such-keystore.jks")
        .hasMessageContaining("perf.rmi.ssl=false");

    assertThat(with("perf.engine", "distributed", "perf.remotes", "127.0.0.1:1099",
        "perf.rmi.ssl", "false").distributed().remotes()).containsExactly("127.0.0.1:1099");
  }

  @Test
  void shouldRejectRemoteWithoutPort() {
    assertThatThrownBy(() -> with("perf.remotes", "engine-1,engine-2:1099"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("perf.remotes")
        .hasMessageContaining("host:port");
  }
}
