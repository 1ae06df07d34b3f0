package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.SlaFixtures;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.Threshold;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Full-scale thresholds are seed 000's figures; throughput scales with the configured users. */
class SunbirdSlasTest {

  @Test
  void shouldHoldStandaloneApiToSeedMeanAndScaledThroughputAtLoadProfile() {
    Sla sla = SunbirdSlas.standalone(StandaloneApi.CONTENT_READ, Profiles.load());

    assertThat(limit(sla, "ContentRead", Metric.MEAN)).hasValue(92.0);
    double seedUsers = 2459.7 * 0.092;
    assertThat(limit(sla, "ContentRead", Metric.THROUGHPUT).orElseThrow())
        .as("2459.7 req/s at 226 users, scaled to load's 100")
        .isCloseTo(2459.7 * 100 / seedUsers, within(1e-6));
    assertThat(limit(sla, "TOTAL", Metric.ERROR_PERCENT)).hasValue(0.1);
    assertThat(limit(sla, "TOTAL", Metric.LITTLES_LAW_GAP)).hasValue(10.0);
  }

  @Test
  void shouldRequireSeedThroughputWhenUsersReachSeedConcurrency() {
    Sla sla = SunbirdSlas.mix(SunbirdSlas.PRODUCTION_FIGURES, SunbirdSlas.SEED_MIX_USERS,
        Profiles.load().withUsers(600));

    assertThat(limit(sla, "ContentRead", Metric.THROUGHPUT)).hasValue(488.23);
    assertThat(limit(sla, "ContentRead", Metric.P95)).hasValue(1668.0);
    assertThat(limit(sla, "TenantInfo", Metric.P99)).hasValue(212.0);
    assertThat(limit(sla, "TOTAL", Metric.ERROR_PERCENT)).hasValue(0.01);
  }

  @Test
  void shouldJudgeLatencyOnlyWhenThinkTimePacesThroughput() {
    Sla sla = SunbirdSlas.mix(SunbirdSlas.SOAK_FIGURES, SunbirdSlas.SEED_MIX_USERS,
        Profiles.load().withThinkTime(Duration.ofSeconds(1)));

    assertThat(sla.thresholds()).extracting(Threshold::metric).doesNotContain(Metric.THROUGHPUT);
    assertThat(limit(sla, "DeviceRegister", Metric.MEAN)).as("§1 figure").hasValue(426.0);
    assertThat(limit(sla, "DeviceRegister", Metric.P95)).as("no §3 figure").isEmpty();
  }

  @Test
  void shouldDemandNoErrorsAndEveryLabelAtSmoke() {
    Sla sla = SunbirdSlas.mix(SunbirdSlas.SOAK_FIGURES, SunbirdSlas.SEED_MIX_USERS,
        Profiles.smoke());

    assertThat(limit(sla, "TOTAL", Metric.ERROR_PERCENT)).hasValue(0.001);
    for (String label : SunbirdMixes.SOAK_LABELS) {
      assertThat(limit(sla, label, Metric.SAMPLES)).as(label).hasValue(20.0);
      assertThat(limit(sla, label, Metric.P95)).as(label).hasValue(500.0);
    }
  }

  @Test
  void shouldDecideOnEveryThresholdOfEveryApiAndMixAtSmokeAndAtLoad() {
    for (LoadProfile profile : List.of(Profiles.smoke(), Profiles.load(),
        Profiles.load().withThinkTime(Duration.ofSeconds(1)))) {
      for (StandaloneApi api : StandaloneApi.values()) {
        SlaFixtures.assertEveryThresholdDecides(SunbirdSlas.standalone(api, profile),
            api + " at " + profile);
      }
      for (SunbirdMix mix : SunbirdMix.values()) {
        SlaFixtures.assertEveryThresholdDecides(SunbirdSlas.mix(mix, profile),
            mix + " at " + profile);
      }
    }
  }

  @Test
  void shouldFailWhenP99AboveOneSecondAtSmoke() {
    Sla sla = SunbirdSlas.standalone(StandaloneApi.CHANNEL_READ, Profiles.smoke());
    Threshold p99 = new Threshold("TOTAL", Metric.P99, 1000);

    assertThat(sla.thresholds()).as("ChannelRead at smoke").containsExactly(
        new Threshold("TOTAL", Metric.SAMPLES, 100),
        new Threshold("TOTAL", Metric.ERROR_PERCENT, 0.001), p99,
        new Threshold("ChannelRead", Metric.P95, 500));
    assertThat(sla.evaluate(SlaFixtures.missing(sla, p99)).passed())
        .as("p99 above 1 s at smoke").isFalse();
  }

  private static OptionalDouble limit(Sla sla, String scope, Metric metric) {
    return sla.thresholds().stream()
        .filter(t -> t.scope().equals(scope) && t.metric() == metric)
        .mapToDouble(Threshold::limit).findFirst();
  }
}
