package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.SlaFixtures;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.Threshold;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user-management SLAs: seed 001's rows scaled to the run at full scale, the local bounds at
 * smoke, and every threshold able to fail a run.
 */
class UserSlasTest {

  @Test
  void shouldPredictTheSeedsOwnThroughputAtTheSeedsThreads() {
    LoadProfile seedShape = Profiles.load().withUsers(SeedRun.LOGIN.threads());
    assertThat(UserSlas.expectedThroughput(seedShape, Collections.nCopies(4, SeedRun.LOGIN)))
        .as("login at 160 users").isCloseTo(474.6, within(1e-9));
    assertThat(UserSlas.expectedThroughput(Profiles.load().withUsers(80),
        List.of(SeedRun.SIGNUP))).as("signup at 80 users").isCloseTo(111.1, within(1e-9));
  }

  @Test
  void shouldScaleTheExpectedThroughputWithUsersAndThinkTime() {
    LoadProfile half = Profiles.load().withUsers(80);
    assertThat(UserSlas.expectedThroughput(half, List.of(SeedRun.LOGIN)))
        .as("half the users").isCloseTo(237.3, within(1e-9));
    LoadProfile thinking = Profiles.load().withUsers(160).withThinkTime(Duration.ofMillis(663));
    double perRequest = 160 / 474.6;
    assertThat(UserSlas.expectedThroughput(thinking, List.of(SeedRun.LOGIN)))
        .as("think time lengthens each request's cycle")
        .isCloseTo(160 / (perRequest + 0.663), within(1e-9));
  }

  @Test
  void shouldCombineTheSeedRowsOfATwoRequestLoop() {
    LoadProfile otp = Profiles.load().withUsers(400);
    double cycle = 400 / 1314.0 + 100 / 923.2;
    assertThat(UserSlas.expectedThroughput(otp, List.of(SeedRun.OTP_GENERATE,
        SeedRun.OTP_VERIFY))).as("generate + verify").isCloseTo(2 * 400 / cycle, within(1e-9));
  }

  @Test
  void shouldReportTheSeedsErrorRate() {
    assertThat(SeedRun.LOGIN.errorPercent()).isCloseTo(58 * 100.0 / 64000, within(1e-12));
    assertThat(SeedRun.SIGNUP.errorPercent()).isZero();
  }

  @Test
  void shouldDecideOnEveryThresholdOfEveryJourneyAtSmokeAndAtLoad() {
    for (UserApi api : UserApi.values()) {
      SlaFixtures.assertEveryThresholdDecides(UserSlas.journey(api, Profiles.smoke()),
          api + " at smoke");
      SlaFixtures.assertEveryThresholdDecides(UserSlas.journey(api,
          Profiles.load().withUsers(api.seed.threads())), api + " at load");
    }
  }

  @Test
  void shouldFailWhenP95AboveFiveHundredMillisOnTheStubsAtSmoke() {
    Sla sla = UserSlas.journey(UserApi.USER_EXISTS, Profiles.smoke());
    Threshold p95 = new Threshold(UserJourneys.USER_EXISTS, Metric.P95, 500);

    assertThat(sla.thresholds()).as("smoke thresholds of UserExists").containsExactly(
        new Threshold("TOTAL", Metric.SAMPLES, 20), new Threshold("TOTAL", Metric.ERROR_PERCENT,
            0.001), p95);
    assertThat(sla.evaluate(SlaFixtures.missing(sla, p95)).passed())
        .as("UserExists with p95 above 500 ms at smoke").isFalse();
  }

  @Test
  void shouldGiveKeycloakJourneysALooserTailAtSmoke() {
    assertThat(UserSlas.journey(UserApi.GENERATE_TOKEN, Profiles.smoke()).thresholds())
        .as("password grant against real Keycloak")
        .contains(new Threshold(UserJourneys.GENERATE_TOKEN, Metric.P95, 2000),
            new Threshold("TOTAL", Metric.SAMPLES, 10));
    assertThat(UserSlas.journey(UserApi.LOGIN, Profiles.smoke()).thresholds())
        .as("4-call login").contains(new Threshold("TOTAL", Metric.SAMPLES, 16),
            new Threshold(UserJourneys.LOGIN, Metric.SAMPLES, 4),
            new Threshold(UserJourneys.LOGIN, Metric.P95, 3000),
            new Threshold(UserJourneys.LOGIN_CREDENTIALS, Metric.P95, 2000));
  }

  @Test
  void shouldJudgeTheFourLoginCallsTogetherAgainstTheSeedsLoginRowAtLoad() {
    Sla sla = UserSlas.journey(UserApi.LOGIN, Profiles.load().withUsers(160));

    assertThat(sla.thresholds()).extracting(Threshold::scope).as("one scope, all four calls")
        .containsOnly("TOTAL");
    assertThat(limit(sla, Metric.THROUGHPUT)).as("90 % of the seed's 474.6 req/s")
        .isCloseTo(0.9 * 474.6, within(1e-6));
    assertThat(limit(sla, Metric.ERROR_PERCENT)).as("twice the seed's 58 in 64000")
        .isCloseTo(2 * 58 * 100.0 / 64000, within(1e-9));
    assertThat(limit(sla, Metric.MEAN)).as("315 ms + 20 %").isCloseTo(378, within(1e-6));
    assertThat(limit(sla, Metric.P95)).as("1159 ms + 20 %").isCloseTo(1390.8, within(1e-6));
    assertThat(limit(sla, Metric.P99)).as("3082 ms + 20 %").isCloseTo(3698.4, within(1e-6));
    assertThat(limit(sla, Metric.LITTLES_LAW_GAP)).as("timed run").isEqualTo(15);
  }

  @Test
  void shouldJudgeEachOtpLabelAgainstItsOwnSeedRowAtLoad() {
    Sla sla = UserSlas.journey(UserApi.OTP_GENERATE_VERIFY, Profiles.load().withUsers(400));

    assertThat(sla.thresholds()).extracting(Threshold::scope).as("OTP scopes at load")
        .containsOnly("TOTAL", UserJourneys.OTP_GENERATE, UserJourneys.OTP_VERIFY);
    assertThat(sla.thresholds()).as("each label its own row, 20 % margin").contains(
        new Threshold(UserJourneys.OTP_GENERATE, Metric.MEAN, 318),
        new Threshold(UserJourneys.OTP_VERIFY, Metric.MEAN, 120),
        new Threshold(UserJourneys.OTP_VERIFY, Metric.ERROR_PERCENT, 0.1));
  }

  private static double limit(Sla sla, Metric metric) {
    return sla.thresholds().stream().filter(t -> t.metric() == metric)
        .mapToDouble(Threshold::limit).findFirst().orElseThrow();
  }
}
