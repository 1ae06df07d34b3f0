package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one stage type and its property form, shared by the users group and the arrival timer. */
class StageTest {

  @Test
  void shouldWriteWholeUsersAndMillisecondsAsTheUsersGroupAlwaysDid() {
    List<Stage> stages = List.of(new Stage(50, Duration.ofSeconds(250), Duration.ofMinutes(20)),
        new Stage(100, Duration.ofSeconds(250), Duration.ofMinutes(20)));

    assertThat(Stage.encode(stages)).as("property form")
        .isEqualTo("50:250000:1200000,100:250000:1200000");
  }

  @Test
  void shouldKeepRatesAndSubMillisecondDurationsExact() {
    // The arrival timer's stages are rates (req/s) and its schedule is exact to the nanosecond.
    List<Stage> stages = List.of(new Stage(12.5, Duration.ofNanos(1_500_250_000L),
        Duration.ofSeconds(60)), new Stage(0, Duration.ZERO, Duration.ofMillis(10)));

    assertThat(Stage.encode(stages)).as("property form").isEqualTo("12.5:1500.25:60000,0:0:10");
    assertThat(Stage.decode(Stage.encode(stages))).as("stages after the property form")
        .isEqualTo(stages);
  }

  @Test
  void shouldFailNamingThePartThatIsNoStage() {
    assertThatThrownBy(() -> Stage.decode("10:1000:0,10:1000")).as("two fields")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'10:1000'").hasMessageContaining("level:rampMillis:holdMillis");
  }

  @Test
  void shouldRoundALevelToWholeUsers() {
    assertThat(new Stage(2.5, Duration.ZERO, Duration.ZERO).users()).as("users of 2.5")
        .isEqualTo(3);
    assertThat(new Stage(2.4, Duration.ZERO, Duration.ZERO).users()).as("users of 2.4")
        .isEqualTo(2);
  }
}
