package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which profiles scenarios judge by their smoke bounds. */
class SmokeProfileTest {

  @Test
  void shouldBeSmokeForTheSmokeProfileWhateverItsOverrides() {
    assertThat(Profiles.smoke().isSmoke()).as("smoke").isTrue();
    assertThat(Profiles.smoke().withUsers(20).withHold(Duration.ofSeconds(16))
        .withWarmUp(Duration.ofSeconds(6)).isSmoke()).as("smoke with users, hold, warm-up")
        .isTrue();
    assertThat(Profiles.named("smoke").isSmoke()).as("smoke by name").isTrue();
  }

  @Test
  void shouldNotBeSmokeForAnyOtherProfile() {
    for (String name : List.of("load", "stress", "soak", "spike", "stepped")) {
      assertThat(Profiles.named(name).isSmoke()).as(name).isFalse();
    }
    assertThat(Profiles.stepped().withWarmUp(Duration.ofSeconds(2)).withUsers(6)
        .withRampUp(Duration.ofSeconds(2)).withHold(Duration.ofSeconds(4)).isSmoke())
        .as("stepped scaled down to seconds keeps its name").isFalse();
  }
}
