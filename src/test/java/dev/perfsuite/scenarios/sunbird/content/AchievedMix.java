package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.util.Locale;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;

/**
 * Checks that a mix achieved its ratio: each label's measurement-phase samples against its share
 * of all the mix's samples.
 *
 * <p>Tolerance: a mix runs a fixed sequence per iteration in which, after any number of requests,
 * every label has had its exact share within less than one request (SoakTest: one of each;
 * production ratio: see {@link SunbirdMixes#productionSequence()}). Within one user's measurement
 * window only the iteration cut at the warm-up boundary and the one cut at the end can be partial,
 * so each user moves a label's count by less than two requests from its exact share, and the run
 * by less than {@code 2 x users}. The bound holds at any scale; at smoke (4 users, thousands of
 * samples per label) it is 8 requests, well under 1 % of a label.
 */
final class AchievedMix {

  private AchievedMix() {
  }

  /**
   * Prints the achieved mix and asserts every label within {@code 2 x users} of its share.
   *
   * @param weights requests of each label per iteration
   */
  static void assertRatio(RunResult result, Map<String, Integer> weights) {
    long total = 0;
    for (String label : weights.keySet()) {
      total += samples(result, label);
    }
    int perIteration = weights.values().stream().mapToInt(Integer::intValue).sum();
    long tolerance = 2L * result.users();
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
        "%nAchieved mix of %s (measurement phase, %d samples, tolerance +-%d = 2 x %d users):%n"
            + "| label | weight | samples | expected | share %% | expected share %% |%n"
            + "|---|---|---|---|---|---|%n", result.scenario(), total, tolerance, result.users()));
    SoftAssertions soft = new SoftAssertions();
    for (Map.Entry<String, Integer> entry : weights.entrySet()) {
      long samples = samples(result, entry.getKey());
      double expected = total * entry.getValue() / (double) perIteration;
      table.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %.2f | %.2f |%n",
          entry.getKey(), entry.getValue(), samples, expected,
          total == 0 ? 0 : samples * 100.0 / total, entry.getValue() * 100.0 / perIteration));
      soft.assertThat((double) samples)
          .as("%s samples vs %d/%d of %d", entry.getKey(), entry.getValue(), perIteration, total)
          .isCloseTo(expected, within((double) tolerance));
    }
    System.out.println(table);
    soft.assertThat(total).as("samples of the mix's labels").isPositive();
    soft.assertAll();
  }

  private static long samples(RunResult result, String label) {
    return result.summary(label, Phase.MEASUREMENT).map(LabelSummary::samples).orElse(0L);
  }
}
