package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineClockTest {
  private static final Instant SENT = Instant.parse("2026-01-01T10:00:00Z");

  @Test
  void shouldTakeTheOffsetAtTheRoundTripsMidpointWithHalfTheRoundTripAsItsBound() {
    // The engine is 250 ms ahead; it read its clock 4 ms into a 10 ms round trip.
    Instant engine = SENT.plusMillis(4).plusMillis(250);

    EngineClock clock = EngineClock.reading(SENT, Duration.ofMillis(10), engine);

    assertThat(clock.offset()).as("offset: engine's reading minus the midpoint")
        .isEqualTo(Duration.ofMillis(249));
    assertThat(clock.bound()).as("error bound: half the round trip")
        .isEqualTo(Duration.ofMillis(5));
    assertThat(Duration.between(SENT.plusMillis(4), engine).minus(clock.offset()).abs())
        .as("the true offset lies within the bound").isLessThanOrEqualTo(clock.bound());
  }

  @Test
  void shouldKeepTheReadingOfTheShortestRoundTrip() {
    EngineClock slow = EngineClock.reading(SENT, Duration.ofMillis(40), SENT.plusMillis(35));
    EngineClock fast = EngineClock.reading(SENT, Duration.ofMillis(2), SENT.minusMillis(99));

    assertThat(EngineClock.best(List.of(slow, fast, slow))).as("best of three readings")
        .isEqualTo(fast);
    assertThat(fast.offset()).as("an engine behind has a negative offset")
        .isEqualTo(Duration.ofMillis(-100));
  }

  @Test
  void shouldConvertTheStartInstantIntoTheEnginesClockAndItsStartBack() {
    EngineClock behind = new EngineClock(Duration.ofMillis(-1500), Duration.ofMillis(1));
    Instant at = SENT.plusMillis(300);

    Instant theirs = behind.toEngine(at);

    assertThat(theirs).as("the start instant on a clock 1.5 s behind")
        .isEqualTo(SENT.minusMillis(1200));
    assertThat(behind.toController(theirs.plusMillis(3))).as("its start, 3 ms late, back")
        .isEqualTo(at.plusMillis(3));
    assertThat(behind.describe()).as("as the start line shows it").isEqualTo("-1500.0 ms ±1.0 ms");
  }

  @Test
  void shouldAllowAMarginThatGrowsWithTheEngines() {
    assertThat(CommonStart.margin(8)).as("margin for 8 engines")
        .isEqualTo(CommonStart.MARGIN.plus(CommonStart.PER_ENGINE.multipliedBy(8)));
  }
}
