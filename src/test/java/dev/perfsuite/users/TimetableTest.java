package dev.perfsuite.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** When each user of a step schedule starts and stops. */
class TimetableTest {

  /** A stage of {@code users} with its ramp and hold in milliseconds. */
  private static Stage stage(int users, long rampMillis, long holdMillis) {
    return new Stage(users, Duration.ofMillis(rampMillis), Duration.ofMillis(holdMillis));
  }

  private static List<Long> starts(Timetable t) {
    return IntStream.range(0, t.users()).mapToObj(t::start).toList();
  }

  private static List<Long> ends(Timetable t) {
    return IntStream.range(0, t.users()).mapToObj(t::end).toList();
  }

  @Test
  void shouldSpreadARampsUsersEvenlyFromItsStart() {
    Timetable t = Timetable.of(List.of(stage(4, 1000, 2000)), true);

    assertThat(starts(t)).as("users at 0, 1/4, 2/4, 3/4 of the ramp")
        .containsExactly(0L, 250L, 500L, 750L);
    assertThat(ends(t)).as("all end with the schedule").containsOnly(3000L);
    assertThat(t.peak()).isEqualTo(4);
  }

  @Test
  void shouldStartEveryUserAtOnceWithoutRamp() {
    Timetable t = Timetable.of(List.of(stage(3, 0, 5000)), true);

    assertThat(starts(t)).containsOnly(0L);
    assertThat(ends(t)).containsOnly(5000L);
  }

  @Test
  void shouldAddUsersOfALaterStepAfterTheEarlierSteps() {
    Timetable t = Timetable.of(List.of(stage(2, 0, 1000), stage(4, 1000, 1000)), true);

    assertThat(starts(t)).containsExactly(0L, 0L, 1000L, 1500L);
    assertThat(ends(t)).containsOnly(3000L);
    assertThat(t.peak()).isEqualTo(4);
  }

  @Test
  void shouldStopTheLatestUsersFirstWhenAStepGoesDown() {
    Timetable t = Timetable.of(List.of(stage(3, 0, 1000), stage(1, 1000, 1000)), true);

    assertThat(ends(t)).as("user 3 at half the down-ramp, user 2 at its end, user 1 at the end")
        .containsExactly(3000L, 2000L, 1500L);
    assertThat(t.peak()).isEqualTo(3);
  }

  @Test
  void shouldGiveNoEndToIteratingUsers() {
    Timetable t = Timetable.of(List.of(stage(2, 1000, 0)), false);

    assertThat(starts(t)).containsExactly(0L, 500L);
    assertThat(ends(t)).containsOnly(Timetable.UNBOUNDED);
  }

  @Test
  void shouldRunAFractionalLevelAsTheNearestUserCount() {
    // A closed-model profile's level is a double; the group runs the nearest user count.
    Timetable t = Timetable.of(List.of(new Stage(2.6, Duration.ZERO, Duration.ofSeconds(1))),
        true);

    assertThat(t.users()).as("users of a 2.6 level").isEqualTo(3);
  }
}
