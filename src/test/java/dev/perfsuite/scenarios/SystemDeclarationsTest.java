package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.ConfigException;
import dev.perfsuite.config.ConfigKey;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.scenarios.mosip.MosipSystem;
import dev.perfsuite.scenarios.wso2.Wso2System;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seeds' keys and profiles reach the suite through its extension points (listed under
 * src/test/resources/META-INF/services), as they did when main code held them.
 */
class SystemDeclarationsTest {
  @Test
  void shouldSelectASeedProfileAndReadTheSeedsKeysTyped() {
    PerfConfig config = PerfConfig.of(Map.of("perf.profile", "sunbird-mix",
        "perf.wso2.users", "10, 50", "perf.mosip.otp.pool-size", "300"));

    assertThat(config.profile().name()).isEqualTo("sunbird-mix");
    assertThat(config.profile().plannedDuration()).isEqualTo(Duration.ofMinutes(36));
    assertThat(config.value(Wso2System.USERS)).contains(List.of(10, 50));
    assertThat(config.value(Wso2System.SIZES)).as("default")
        .contains(List.of(50, 1024, 10240, 102400));
    assertThat(config.value(MosipSystem.OTP_POOL_SIZE)).contains(300);
    assertThat(config.value(MosipSystem.OTP_DB_LATENCY)).contains(Duration.ofMillis(25));
  }

  @Test
  void shouldRejectABadSeedKeyNamingKeyValueAndForm() {
    assertThatThrownBy(() -> PerfConfig.of(Map.of("perf.wso2.sizes", "10")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("perf.wso2.sizes").hasMessageContaining("'10'")
        .hasMessageContaining("each at least 50");
  }

  @Test
  void shouldListTheSeedsKeysAndProfilesInTheHelp() {
    assertThat(ConfigKey.help()).contains("perf.wso2.users", "PERF_WSO2_SIZES",
        "perf.mosip.otp.pool-size", "PERF_MOSIP_OTP_DB_LATENCY", "sunbird-mix", "wso2-matrix",
        "mosip-stepped", "mosip-auth-stepped", "sunbird-soak");
  }
}
