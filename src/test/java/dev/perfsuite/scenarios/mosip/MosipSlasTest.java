package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.SlaFixtures;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.Threshold;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The MOSIP SLAs: local bounds at smoke, seed 002's figures and the reports' criteria else. */
class MosipSlasTest {
  private static final Map<String, Function<LoadProfile, Sla>> HELPERS = Map.of(
      "otpManager", MosipSlas::otpManager,
      "authManager", MosipSlas::authManager,
      "poolRun", MosipSlas::poolRun);

  @Test
  void shouldDecideOnEveryThresholdAtSmokeAndAtStepped() {
    HELPERS.forEach((name, sla) -> {
      SlaFixtures.assertEveryThresholdDecides(sla.apply(Profiles.smoke()), name + " at smoke");
      SlaFixtures.assertEveryThresholdDecides(sla.apply(Profiles.stepped()),
          name + " at stepped");
    });
  }

  @Test
  void shouldFailWhenOtpThroughputBelowSeed002AtFullScale() {
    Sla sla = MosipSlas.otpManager(Profiles.stepped());
    Threshold throughput = new Threshold(MosipRequests.TR_VALIDATE_OTP, Metric.THROUGHPUT, 119);

    assertThat(sla.thresholds()).as("seed 002, pool 300, per transaction").contains(
        new Threshold(MosipRequests.TR_GENERATE_OTP, Metric.MEAN, 2700),
        new Threshold(MosipRequests.TR_GENERATE_OTP, Metric.P90, 3600),
        new Threshold(MosipRequests.TR_GENERATE_OTP, Metric.ERROR_PERCENT, 1.0), throughput);
    assertThat(sla.evaluate(SlaFixtures.missing(sla, throughput)).passed())
        .as("validate below 119 transactions/s").isFalse();
  }

  @Test
  void shouldJudgeSmokeByTheConfiguredProfileNotTheSteppedShapeTheJourneyRuns() {
    assertThat(MosipProfiles.steppedSmoke().isSmoke()).as("the OTP journey's smoke shape")
        .isFalse();
    assertThat(MosipSlas.otpManager(Profiles.smoke()).thresholds()).as("smoke bounds").contains(
        new Threshold("TOTAL", Metric.ERROR_PERCENT, 0.001),
        new Threshold(MosipRequests.TR_VALIDATE_OTP, Metric.P95, 500));
  }

  @Test
  void shouldHoldAuthManagerToSeed004ReportsCriteriaAtFullScale() {
    Sla sla = MosipSlas.authManager(MosipProfiles.seed004());

    assertThat(sla.thresholds()).as("averages under 3 s, errors under 1 %").containsExactly(
        new Threshold("TOTAL", Metric.SAMPLES, 1000),
        new Threshold("TOTAL", Metric.ERROR_PERCENT, 1.0),
        new Threshold(MosipRequests.TR_AUTHENTICATE, Metric.ERROR_PERCENT, 1.0),
        new Threshold(MosipRequests.TR_AUTHENTICATE, Metric.MEAN, 3000),
        new Threshold(MosipRequests.TR_VALIDATE_TOKEN, Metric.ERROR_PERCENT, 1.0),
        new Threshold(MosipRequests.TR_VALIDATE_TOKEN, Metric.MEAN, 3000));
  }
}
