package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

  private static List<Long> all(ArrivalSchedule schedule) {
    List<Long> offsets = new ArrayList<>();
    for (long t = schedule.nextNanos(); t >= 0; t = schedule.nextNanos()) {
      offsets.add(t);
    }
    return offsets;
  }

  @Test
  void shouldSpaceConstantArrivalsEvenlyAtTheStageRate() {
    List<Long> offsets = all(ArrivalSchedule.of(List.of(new Stage(200, Duration.ZERO,
        Duration.ofSeconds(2))), Arrivals.CONSTANT, 1));
    assertThat(offsets).as("200 req/s for 2 s").hasSize(400);
    assertThat(offsets.get(0)).as("first at the start").isZero();
    assertThat(offsets.get(1) - offsets.get(0)).as("5 ms apart").isEqualTo(5_000_000L);
    assertThat(offsets.get(399)).as("last").isEqualTo(1_995_000_000L);
  }

  @Test
  void shouldRampTheRateLinearlyFromThePreviousStage() {
    // 0 -> 100 req/s over 2 s: 100 arrivals, the n-th at sqrt(n / 25) s.
    List<Long> offsets = all(ArrivalSchedule.of(List.of(new Stage(100, Duration.ofSeconds(2),
        Duration.ZERO)), Arrivals.CONSTANT, 1));
    assertThat(offsets).as("half of 100 req/s x 2 s").hasSize(100);
    assertThat(offsets.get(25) / 1e9).as("arrival 25 at 1 s").isCloseTo(1.0, within(1e-6));
    assertThat(offsets.get(64) / 1e9).as("arrival 64 at 1.6 s").isCloseTo(1.6, within(1e-6));
  }

  @Test
  void shouldChainStagesAndSkipEmptyOnes() {
    List<Long> offsets = all(ArrivalSchedule.of(List.of(
        new Stage(10, Duration.ZERO, Duration.ofSeconds(1)),
        new Stage(0, Duration.ZERO, Duration.ofSeconds(1)),
        new Stage(20, Duration.ZERO, Duration.ofSeconds(1))), Arrivals.CONSTANT, 1));
    assertThat(offsets).as("10 + 0 + 20 arrivals").hasSize(30);
    assertThat(offsets.get(10) / 1e9).as("the third stage starts at 2 s")
        .isCloseTo(2.0, within(1e-6));
  }

  @Test
  void shouldOfferPoissonArrivalsAtTheSameMeanRateAndRepeatWithTheSeed() {
    List<Stage> stages = List.of(new Stage(1000, Duration.ZERO, Duration.ofSeconds(10)));
    List<Long> first = all(ArrivalSchedule.of(stages, Arrivals.POISSON, 7));
    List<Long> again = all(ArrivalSchedule.of(stages, Arrivals.POISSON, 7));
    assertThat(first).as("same seed, same arrivals").isEqualTo(again);
    assertThat((double) first.size()).as("about 10,000 arrivals").isCloseTo(10_000, within(400.0));
    long[] gaps = new long[first.size() - 1];
    int under = 0;
    for (int i = 1; i < first.size(); i++) {
      gaps[i - 1] = first.get(i) - first.get(i - 1);
      if (gaps[i - 1] < 1_000_000L) {
        under++;
      }
    }
    // Exponential gaps of mean 1 ms: P(gap < mean) = 1 - 1/e = 0.632.
    assertThat(under / (double) gaps.length).as("share of gaps under the mean")
        .isCloseTo(0.632, within(0.02));
  }
}
