package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class UserLoadTest {

  @Test
  void shouldPredictTheSeedsOwnThroughputAtTheSeedsThreads() {
    LoadProfile seedShape = Profiles.load().withUsers(SeedRun.LOGIN.threads());
    assertThat(UserLoad.expectedThroughput(seedShape, Collections.nCopies(4, SeedRun.LOGIN)))
        .as("login at 160 users").isCloseTo(474.6, within(1e-9));
    assertThat(UserLoad.expectedThroughput(Profiles.load().withUsers(80),
        List.of(SeedRun.SIGNUP))).as("signup at 80 users").isCloseTo(111.1, within(1e-9));
  }

  @Test
  void shouldScaleTheExpectedThroughputWithUsersAndThinkTime() {
    LoadProfile half = Profiles.load().withUsers(80);
    assertThat(UserLoad.expectedThroughput(half, List.of(SeedRun.LOGIN)))
        .as("half the users").isCloseTo(237.3, within(1e-9));
    LoadProfile thinking = Profiles.load().withUsers(160).withThinkTime(Duration.ofMillis(663));
    double perRequest = 160 / 474.6;
    assertThat(UserLoad.expectedThroughput(thinking, List.of(SeedRun.LOGIN)))
        .as("think time lengthens each request's cycle")
        .isCloseTo(160 / (perRequest + 0.663), within(1e-9));
  }

  @Test
  void shouldCombineTheSeedRowsOfATwoRequestLoop() {
    LoadProfile otp = Profiles.load().withUsers(400);
    double cycle = 400 / 1314.0 + 100 / 923.2;
    assertThat(UserLoad.expectedThroughput(otp, List.of(SeedRun.OTP_GENERATE,
        SeedRun.OTP_VERIFY))).as("generate + verify").isCloseTo(2 * 400 / cycle, within(1e-9));
  }

  @Test
  void shouldReportTheSeedsErrorRate() {
    assertThat(SeedRun.LOGIN.errorPercent()).isCloseTo(58 * 100.0 / 64000, within(1e-12));
    assertThat(SeedRun.SIGNUP.errorPercent()).isZero();
  }
}
