package dev.perfsuite.profiles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;

/**
 * N engines' Poisson arrivals, merged, are one Poisson process at the total rate: the schedules
 * are built as on the engines (each engine's seed from the plan the controller named the engines
 * in, the name JMeter gives the engine, {@link ArrivalSchedule}).
 */
class EngineSeedsTest {
  private static final List<String> ENGINES = List.of("10.0.0.11:1099", "10.0.0.12:1099",
      "10.0.0.13:1099", "10.0.0.14:1099");
  private static final double TOTAL_RATE = 2000;
  private static final List<Stage> EACH = List.of(new Stage(TOTAL_RATE / ENGINES.size(),
      Duration.ZERO, Duration.ofSeconds(10)));

  /** The schedule of every engine, seeded as {@link ArrivalTimer.Element} seeds it there. */
  private static List<long[]> engineSchedules(ToLongFunction<String> seedOfEngine) {
    List<long[]> schedules = new ArrayList<>();
    for (String engine : ENGINES) {
      ArrivalSchedule schedule = ArrivalSchedule.of(EACH, Arrivals.POISSON,
          seedOfEngine.applyAsLong(engine));
      List<Long> offsets = new ArrayList<>();
      for (long t = schedule.nextNanos(); t >= 0; t = schedule.nextNanos()) {
        offsets.add(t);
      }
      schedules.add(offsets.stream().mapToLong(Long::longValue).toArray());
    }
    return schedules;
  }

  private static long seedOnEngine(String engine) {
    ArrivalTimer.Element element = new ArrivalTimer.Element();
    HashTree plan = new HashTree();
    plan.add(element);
    ArrivalTimer.nameEngines(plan, ENGINES);
    return element.seed(engine);
  }

  /** Kolmogorov-Smirnov p-value of the merged gaps against exponential gaps at the total rate. */
  private static double mergedGapsPValue(List<long[]> schedules) {
    long[] merged = schedules.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    double[] gaps = new double[merged.length - 1];
    for (int i = 1; i < merged.length; i++) {
      gaps[i - 1] = (merged[i] - merged[i - 1]) / 1e9;
    }
    return new KolmogorovSmirnovTest().kolmogorovSmirnovTest(
        new ExponentialDistribution(null, 1 / TOTAL_RATE), gaps);
  }

  private static int coincidentInstants(List<long[]> schedules) {
    Set<Long> seen = new HashSet<>();
    int coincident = 0;
    for (long[] schedule : schedules) {
      for (long t : schedule) {
        if (!seen.add(t)) {
          coincident++;
        }
      }
    }
    return coincident;
  }

  @Test
  void shouldMergeEngineArrivalsIntoOnePoissonProcessAtTheTotalRate() {
    List<long[]> schedules = engineSchedules(EngineSeedsTest::seedOnEngine);

    int arrivals = schedules.stream().mapToInt(s -> s.length).sum();
    assertThat((double) arrivals).as("about 2000/s x 10 s arrivals over 4 engines")
        .isBetween(19_400.0, 20_600.0);
    assertThat(coincidentInstants(schedules)).as("arrivals of two engines at the same ns")
        .isZero();
    double p = mergedGapsPValue(schedules);
    System.out.printf("4 engines x 500/s, merged gaps against exponential(2000/s): KS p = %.3f%n",
        p);
    assertThat(p).as("KS p-value of the merged gaps against exponential at 2000/s")
        .isGreaterThan(0.01);
  }

  @Test
  void shouldFailTheSameTestWhenEveryEngineSharesOneSeed() {
    List<long[]> schedules = engineSchedules(engine -> EngineSeeds.RUN_SEED);

    assertThat(coincidentInstants(schedules)).as("one seed: every arrival on all 4 engines")
        .isEqualTo(3 * schedules.get(0).length);
    assertThat(mergedGapsPValue(schedules)).as("KS p-value with one seed everywhere")
        .isLessThan(1e-6);
  }

  @Test
  void shouldDeriveReproducibleDistinctSeedsFromTheRunSeedAndTheEnginesPlace() {
    List<Long> seeds = ENGINES.stream().map(EngineSeedsTest::seedOnEngine).toList();

    assertThat(ENGINES.stream().map(EngineSeedsTest::seedOnEngine).toList())
        .as("the same engines, the same seeds").isEqualTo(seeds);
    assertThat(new HashSet<>(seeds)).as("one seed per engine").hasSize(ENGINES.size());
    assertThat(seeds.get(2)).as("engine 2: the third value of SplittableRandom(run seed)")
        .isEqualTo(EngineSeeds.forEngine(EngineSeeds.RUN_SEED, 2));
    assertThat(new ArrivalTimer.Element().seed(null)).as("a run in one JVM: the run seed")
        .isEqualTo(EngineSeeds.RUN_SEED);
    assertThat(seedOnEngine("10.0.0.99:1099")).as("an engine missing from the list")
        .isNotIn(seeds);
  }
}
