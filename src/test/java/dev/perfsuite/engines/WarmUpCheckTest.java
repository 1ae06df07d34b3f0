package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelinePoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Throughput still rising after the warm-up is told in the run's warnings (timeline only). */
class WarmUpCheckTest {

  /** Smoke-like timeline: 2 warm-up windows, then one measurement window per given rate. */
  private static Timeline timeline(long... samplesPerSecond) {
    List<TimelinePoint> points = new ArrayList<>();
    points.add(point(0, Phase.WARM_UP, 50));
    points.add(point(1, Phase.WARM_UP, 80));
    for (int i = 0; i < samplesPerSecond.length; i++) {
      points.add(point(2 + i, Phase.MEASUREMENT, samplesPerSecond[i]));
    }
    return new Timeline(Duration.ofSeconds(1), points);
  }

  private static TimelinePoint point(int second, Phase phase, long samples) {
    return new TimelinePoint(LabelSummary.OVERALL, Duration.ofSeconds(second), phase, samples, 0,
        1, 2, 3, 4, 4);
  }

  @Test
  void shouldWarnWhenThroughputKeepsRisingAfterTheWarmUp() {
    // ChannelReadIT run alone: ~100 to ~1,300 req/s over 7 s, past the 2 s warm-up.
    assertThat(WarmUpCheck.stillRising(Profiles.smoke(),
        timeline(300, 500, 700, 900, 1100, 1300, 1300, 400)))
        .as("rising ramp").hasValueSatisfying(w -> assertThat(w)
            .contains("throughput still rising at the end of warm-up", "400.0 req/s",
                "1300.0 req/s", "perf.warm-up (now 2s)"));
  }

  @Test
  void shouldStayQuietWhenThroughputIsSteadyOrNoisy() {
    assertThat(WarmUpCheck.stillRising(Profiles.smoke(),
        timeline(1000, 1200, 900, 1100, 1000, 950, 1150, 300))).as("steady, noisy").isEmpty();
    assertThat(WarmUpCheck.stillRising(Profiles.smoke(),
        timeline(1300, 1200, 1100, 900, 700, 500, 300, 100))).as("falling").isEmpty();
  }

  @Test
  void shouldStayQuietWhenTheProfileRaisesLoadOnPurposeOrIsTooShort() {
    assertThat(WarmUpCheck.stillRising(Profiles.named("stepped"),
        timeline(300, 500, 700, 900, 1100, 1300, 1300, 400))).as("stepped profile").isEmpty();
    assertThat(WarmUpCheck.stillRising(Profiles.smoke(), timeline(100, 500, 900, 1300)))
        .as("3 ranked windows").isEmpty();
  }
}
