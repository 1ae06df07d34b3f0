package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;

class ArrivalInterleavingTest {
  private static final List<String> ENGINES = List.of("10.0.0.1:1099", "10.0.0.2:1099",
      "10.0.0.3:1099", "10.0.0.4:1099", "10.0.0.5:1099", "10.0.0.6:1099", "10.0.0.7:1099",
      "10.0.0.8:1099");

  /** Every engine's constant schedule at 1/N of 200 req/s, each at the phase the timer gives it. */
  private static long[] merged(int engines, boolean interleaved, List<Stage> total) {
    List<Stage> share = total.stream().map(s -> new Stage(s.level() / engines, s.rampUp(),
        s.hold())).toList();
    List<Long> offsets = new ArrayList<>();
    for (int i = 0; i < engines; i++) {
      ArrivalSchedule schedule = ArrivalSchedule.of(share, Arrivals.CONSTANT, 1,
          interleaved ? phaseOnEngine(ENGINES.subList(0, engines), ENGINES.get(i)) : 0);
      for (long t = schedule.nextNanos(); t >= 0; t = schedule.nextNanos()) {
        offsets.add(t);
      }
    }
    return offsets.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  private static double phaseOnEngine(List<String> engines, String engine) {
    ArrivalTimer.Element element = new ArrivalTimer.Element();
    HashTree plan = new HashTree();
    plan.add(element);
    ArrivalTimer.nameEngines(plan, engines);
    return element.phase(engine);
  }

  private static double gapVariation(long[] merged) {
    double[] gaps = new double[merged.length - 1];
    for (int i = 1; i < merged.length; i++) {
      gaps[i - 1] = merged[i] - merged[i - 1];
    }
    double mean = Arrays.stream(gaps).average().orElseThrow();
    double variance = Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).average()
        .orElseThrow();
    return Math.sqrt(variance) / mean;
  }

  @Test
  void shouldSpaceMergedConstantArrivalsOfFourEnginesEvenly() {
    List<Stage> hold = List.of(new Stage(200, Duration.ZERO, Duration.ofSeconds(20)));
    long[] merged = merged(4, true, hold);
    assertThat(merged).as("200 req/s for 20 s over 4 engines").hasSize(4000);
    assertThat(gapVariation(merged)).as("coefficient of variation of the merged gaps")
        .isLessThanOrEqualTo(0.1);
    assertThat(merged[1] - merged[0]).as("one request every 5 ms").isEqualTo(5_000_000L);
  }

  @Test
  void shouldInterleaveEightEnginesThroughARamp() {
    List<Stage> ramp = List.of(new Stage(400, Duration.ofSeconds(5), Duration.ofSeconds(5)));
    long[] merged = merged(8, true, ramp);
    long[] held = Arrays.stream(merged).filter(t -> t >= 5_000_000_000L).toArray();
    assertThat(gapVariation(held)).as("gap variation in the hold after a ramp, 8 engines")
        .isLessThanOrEqualTo(0.1);
  }

  @Test
  void shouldBurstWhenEveryEngineStartsAtTheSamePhase() {
    // What interleaving avoids: four requests at once every 20 ms.
    long[] merged = merged(4, false, List.of(new Stage(200, Duration.ZERO,
        Duration.ofSeconds(2))));
    assertThat(gapVariation(merged)).as("gap variation without phases").isGreaterThan(1.0);
  }

  @Test
  void shouldGiveEngineIOfNThePhaseIOverN() {
    assertThat(phaseOnEngine(ENGINES.subList(0, 4), ENGINES.get(3))).as("engine 3 of 4")
        .isCloseTo(0.75, within(1e-12));
    assertThat(phaseOnEngine(ENGINES, "10.9.9.9:1099")).as("an engine outside the list")
        .isZero();
    assertThat(new ArrivalTimer.Element().phase(null)).as("a run in one JVM").isZero();
  }

  @Test
  void shouldRefuseAPhaseOutsideOneGap() {
    assertThatThrownBy(() -> ArrivalSchedule.of(List.of(new Stage(10, Duration.ZERO,
        Duration.ofSeconds(1))), Arrivals.CONSTANT, 1, 1.0))
        .hasMessageContaining("from 0 up to 1, not 1.0");
  }
}
