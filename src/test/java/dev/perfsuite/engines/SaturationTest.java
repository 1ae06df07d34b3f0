package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Little's-law saturation warning: the measured case warns, sub-ms echo runs do not. */
class SaturationTest {
  /** The Allure category "Generator saturation" (reporting/AllureReport categories.json). */
  private static final Pattern ALLURE_CATEGORY =
      Pattern.compile("(?s).*(thread cap|saturat|perf.max-threads).*");

  private static LoadProfile fifty() {
    return Profiles.smoke().withUsers(50).withRampUp(Duration.ofSeconds(5))
        .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ofSeconds(10))
        .withThinkTime(Duration.ZERO);
  }

  private static LabelSummary measured(long samples, double seconds, double meanMillis) {
    LatencyStats latency = new LatencyStats(0, 50, meanMillis, 1, 5, 6, 8, 9, 10, 12, 20);
    long start = 1_700_000_000_000L;
    return new LabelSummary(LabelSummary.OVERALL, Phase.MEASUREMENT, samples, 0, latency,
        samples / seconds, 0, 0, start, start + (long) (seconds * 1000), Map.of(), Map.of());
  }

  @Test
  void shouldWarnWhenLittlesLawAccountsForFewUsers() {
    // The run: 2,548 req/s at 50 users with X*R = 14.8, so R is about 5.8 ms.
    LabelSummary run = measured(2548L * 55, 55, 5.8);

    String warning = Saturation.check(fifty(), run, " on engine 10.0.0.5:1099").orElseThrow();

    assertThat(warning).as("names the engine and the figures").contains("10.0.0.5:1099")
        .contains("of 50 users").contains("saturated");
    assertThat(ALLURE_CATEGORY.matcher(warning).matches())
        .as("matches the Allure generator-saturation category").isTrue();
  }

  @Test
  void shouldNotWarnAtSubMillisecondLatenciesReadAsZero() {
    // 50 users at ~0.9 ms each: JMeter records 0 ms for most, so R reads 0.3 ms.
    LabelSummary run = measured(52_000L * 55, 55, 0.3);

    assertThat(Saturation.check(fifty(), run, "")).as("1 ms per sample granted").isEmpty();
  }

  @Test
  void shouldNotWarnWhenUsersAreBusy() {
    LabelSummary run = measured(5000L * 55, 55, 9.8);

    assertThat(Saturation.check(fifty(), run, "")).isEmpty();
  }
}
