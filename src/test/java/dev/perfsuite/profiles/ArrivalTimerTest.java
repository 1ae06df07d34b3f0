package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalTimerTest {

  @Test
  void shouldReadStagesInTheSharedStageForm() {
    List<Stage> stages = List.of(new Stage(2.5, Duration.ofMillis(500), Duration.ofSeconds(3)),
        new Stage(10, Duration.ZERO, Duration.ofNanos(1_500_000)));

    assertThat(ArrivalTimer.Element.stages(Stage.encode(stages))).isEqualTo(stages);
  }

  @Test
  void shouldStillReadTheOlderFormOfSavedPlans() {
    assertThat(ArrivalTimer.Element.stages("2.5,500000000,3000000000;10.0,0,1500000"))
        .containsExactly(new Stage(2.5, Duration.ofMillis(500), Duration.ofSeconds(3)),
            new Stage(10, Duration.ZERO, Duration.ofNanos(1_500_000)));
  }

  @Test
  void shouldNameTheFormWhenStagesAreMalformed() {
    assertThatThrownBy(() -> ArrivalTimer.Element.stages("2.5,500"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("level:rampMillis:holdMillis");
  }
}
