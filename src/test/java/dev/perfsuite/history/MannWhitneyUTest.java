package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MannWhitneyUTest {

  @Test
  void shouldGiveTheSmallestExactPWhenSamplesDoNotOverlap() {
    double p = MannWhitneyU.pGreater(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
    assertThat(p).as("one arrangement of C(10,5)=252").isCloseTo(1 / 252.0, within(1e-12));
    assertThat(MannWhitneyU.smallestP(5, 5)).as("smallest p, 5 vs 5").isCloseTo(1 / 252.0,
        within(1e-12));
  }

  @Test
  void shouldGiveOneWhenTheSecondSampleIsSmaller() {
    assertThat(MannWhitneyU.pGreater(new double[] {6, 7, 8}, new double[] {1, 2, 3}))
        .as("p of the opposite direction").isCloseTo(1.0, within(1e-12));
  }

  @Test
  void shouldGiveOneWhenEveryValueIsTied() {
    assertThat(MannWhitneyU.pGreater(new double[] {5, 5, 5}, new double[] {5, 5, 5, 5}))
        .as("no evidence at all").isEqualTo(1.0);
  }

  @Test
  void shouldCountTiesExactlyWhenValuesRepeat() {
    // x = {1, 2, 2}, y = {2, 3}: doubled mid-ranks 2, 6, 6 | 6, 10; rank sum of y = 16 (doubled).
    // Of the C(5,2)=10 pairs, those with doubled sum >= 16: {6,10} three times, so p = 3/10.
    assertThat(MannWhitneyU.pGreater(new double[] {1, 2, 2}, new double[] {2, 3}))
        .as("exact p with a three-way tie").isCloseTo(0.3, within(1e-12));
  }

  @Test
  void shouldAgreeWithTheExactTestWhenTheNormalApproximationTakesOver() {
    Random random = new Random(7);
    double[] x = new double[30];
    double[] y = new double[30];
    for (int i = 0; i < 30; i++) {
      x[i] = Math.round(random.nextGaussian() * 3 + 20);
      y[i] = Math.round(random.nextGaussian() * 3 + 21.5);
    }
    double exact = MannWhitneyU.pGreater(x, y);
    double[] x31 = Arrays.copyOf(x, 31);
    x31[30] = 20;
    double normal = MannWhitneyU.pGreater(x31, y);
    assertThat(x.length + y.length).as("exact size").isLessThanOrEqualTo(MannWhitneyU.EXACT_LIMIT);
    assertThat(x31.length + y.length).as("normal size").isGreaterThan(MannWhitneyU.EXACT_LIMIT);
    assertThat(normal).as("normal approximation near the exact p %s", exact)
        .isCloseTo(exact, within(0.02));
  }

  @Test
  void shouldMatchTheNormalTableWhenZIsKnown() {
    assertThat(MannWhitneyU.upperTail(1.6448536)).as("P(Z>1.645)").isCloseTo(0.05, within(1e-6));
    assertThat(MannWhitneyU.upperTail(-1.959964)).as("P(Z>-1.96)").isCloseTo(0.975,
        within(1e-6));
  }
}
