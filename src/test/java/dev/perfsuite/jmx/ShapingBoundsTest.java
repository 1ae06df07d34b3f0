package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShapingBoundsTest {
  private static final ShapingBounds FIELD_08 = new ShapingBounds(5, 15, 4);

  @Test
  void shouldReadTheScheduleOfTheFieldShapingPlan() throws IOException {
    assertThat(ShapingBounds.of(JmxFieldCorpusIT.DIR.resolve("field-08-shaping.jmx")))
        .as("5 to 15 per second over 4 s").hasValue(FIELD_08);
    assertThat(ShapingBounds.of(JmxFieldCorpusIT.DIR.resolve("field-01-variables.jmx")))
        .as("no timer, no bounds").isEmpty();
  }

  @Test
  void shouldBoundTheScheduleByWholeSecondsOfTheTimer() {
    assertThat(FIELD_08.highest(3)).as("5 + 8 + 10 + 13, 13 more in a fifth second, one per user")
        .isEqualTo(52);
    assertThat(FIELD_08.lowest()).as("36 less the last second's 13").isEqualTo(23);
    assertThat(FIELD_08.tolerance(3)).as("one top-rate second plus one per user").isEqualTo(16);
  }

  @Test
  void shouldFailACountAboveTheScheduleOnEitherSide() {
    JmeterOracleIT.Outcome within = outcome(43);
    assertThat(JmeterOracleIT.outsideSchedule("field-08-shaping", FIELD_08, 3, within, within))
        .as("both inside").isEmpty();
    assertThat(JmeterOracleIT.outsideSchedule("field-08-shaping", FIELD_08, 3, within,
        outcome(53))).as("the suite above the schedule").singleElement().asString()
        .contains("the suite 53 samples, outside the schedule's 23 to 52");
    assertThat(JmeterOracleIT.outsideSchedule("field-08-shaping", FIELD_08, 3, outcome(20),
        within)).as("JMeter below it").singleElement().asString().contains("JMeter 20");
  }

  private static JmeterOracleIT.Outcome outcome(long samples) {
    return new JmeterOracleIT.Outcome(Optional.empty(), Map.of("GET shaped",
        new long[] {samples, 0}), List.of(), Map.of());
  }
}
