package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.users.Stage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The MOSIP load shapes are valid and keep the seeds' step form. */
class MosipProfilesTest {

  @Test
  void shouldScaleSteppedDownToSecondsWithTheSameTwoSteps() {
    LoadProfile smoke = MosipProfiles.steppedSmoke();

    assertThat(smoke.stages()).containsExactly(
        new Stage(3, Duration.ofSeconds(2), Duration.ofSeconds(4)),
        new Stage(6, Duration.ofSeconds(2), Duration.ofSeconds(4)));
    assertThat(smoke.warmUp()).as("the first ramp, as at full scale")
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(smoke.plannedDuration()).isEqualTo(Duration.ofSeconds(12));
  }

  @Test
  void shouldRejectSteppedShortenedWithoutShorteningItsWarmUpFirst() {
    assertThatThrownBy(() -> Profiles.stepped().withUsers(6).withRampUp(Duration.ofSeconds(2))
        .withHold(Duration.ofSeconds(4)))
        .as("stepped() keeps its 250 s warm-up")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("warm-up");
  }

  @Test
  void shouldExpressSeed004FourSteps() {
    LoadProfile seed = MosipProfiles.seed004();

    assertThat(seed.stages()).extracting(Stage::level).containsExactly(1500.0, 1750.0, 2000.0,
        2300.0);
    assertThat(seed.plannedDuration()).as("ramps 25 min, holds 48 min")
        .isEqualTo(Duration.ofMinutes(73));
    assertThat(seed.peakUsers()).isEqualTo(2300);
  }
}
