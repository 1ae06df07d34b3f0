package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EchoStallTest {

  @Test
  void shouldHoldRequestsArrivingInsideTheWallClockWindowUntilItEnds() {
    EchoStall stall = EchoStall.parse("10s:1s");
    assertThat(stall.holdMillis(20_000)).as("at a window's start").isEqualTo(1000);
    assertThat(stall.holdMillis(20_250)).as("a quarter in").isEqualTo(750);
    assertThat(stall.holdMillis(20_999)).as("at the last ms").isEqualTo(1);
    assertThat(stall.holdMillis(21_000)).as("after the window").isZero();
    assertThat(stall.holdMillis(29_999)).as("before the next").isZero();
  }

  @Test
  void shouldParseMillisecondsSecondsAndMinutesAndRoundTripItsFlag() {
    EchoStall stall = EchoStall.parse("2000ms:250ms");
    assertThat(stall.period()).isEqualTo(Duration.ofSeconds(2));
    assertThat(stall.length()).isEqualTo(Duration.ofMillis(250));
    assertThat(EchoStall.parse(stall.flag())).as("flag form").isEqualTo(stall);
    assertThat(EchoStall.parse("1m:10s").period()).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void shouldRefuseMalformedOrImpossibleStalls() {
    assertThatIllegalArgumentException().as("no colon").isThrownBy(() -> EchoStall.parse("10s"))
        .withMessageContaining("PERIOD:LENGTH");
    assertThatIllegalArgumentException().as("no unit").isThrownBy(() -> EchoStall.parse("10:1"));
    assertThatIllegalArgumentException().as("length not shorter than period")
        .isThrownBy(() -> EchoStall.parse("1s:1s")).withMessageContaining("LENGTH < PERIOD");
  }
}
