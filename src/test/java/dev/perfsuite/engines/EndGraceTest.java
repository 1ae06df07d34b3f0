package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.Profiles;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The watchdog's grace grows with the users and the think time of the profile. */
class EndGraceTest {

  @Test
  void shouldGiveThousandsOfThinkingUsersMoreThanTheFormerFixed30Seconds() {
    Duration grace = EndGrace.of(Profiles.smoke().withUsers(10_000)
        .withThinkTime(Duration.ofSeconds(10)));

    assertThat(grace).as("30 s + 10 s think + 10,000 x 2 ms").isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void shouldKeepAboutThirtySecondsForAFewUsersWithoutThinkTime() {
    assertThat(EndGrace.of(Profiles.smoke())).as("4 users")
        .isEqualTo(Duration.ofMillis(30_008));
  }
}
