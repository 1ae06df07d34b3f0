package dev.perfsuite.history;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The Mann-Whitney U (Wilcoxon rank-sum) test, one-sided: is the second sample stochastically
 * greater than the first?
 *
 * <p>Distribution-free, so a skewed latency distribution or one slow window (a GC pause) cannot
 * dominate it the way it dominates a t-test. Ties get mid-ranks. With up to {@value #EXACT_LIMIT}
 * values in all the p-value is exact (the permutation distribution of the rank sum, ties
 * included, by dynamic programming); above that the normal approximation with tie and continuity
 * corrections, which is accurate at that size.
 */
final class MannWhitneyU {
  static final int EXACT_LIMIT = 60;

  private MannWhitneyU() {
  }

  /**
   * The one-sided p-value of the hypothesis that {@code second} tends to be larger than
   * {@code first}. That is the probability, if both came from one distribution, of a rank sum of
   * {@code second} at least as large as observed. 1 when either sample is empty.
   */
  static double pGreater(double[] first, double[] second) {
    int n1 = first.length;
    int n2 = second.length;
    if (n1 == 0 || n2 == 0) {
      return 1;
    }
    int n = n1 + n2;
    double[] all = new double[n];
    System.arraycopy(first, 0, all, 0, n1);
    System.arraycopy(second, 0, all, n1, n2);
    Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble(i -> all[i]));
    // Doubled mid-ranks are whole numbers: 2 * (mean of the tied positions, 1-based).
    int[] doubledRank = new int[n];
    double tieTerm = 0;
    for (int i = 0; i < n;) {
      int j = i;
      while (j + 1 < n && all[order[j + 1]] == all[order[i]]) {
        j++;
      }
      int ties = j - i + 1;
      tieTerm += (double) ties * ties * ties - ties;
      for (int k = i; k <= j; k++) {
        doubledRank[order[k]] = i + j + 2;
      }
      i = j + 1;
    }
    int observed = 0;
    for (int i = n1; i < n; i++) {
      observed += doubledRank[i];
    }
    if (tieTerm == (double) n * n * n - n) {
      return 1;
    }
    return n <= EXACT_LIMIT ? exact(doubledRank, n2, observed) : normal(n1, n2, observed,
        tieTerm);
  }

  /**
   * The smallest p-value the exact test can give with samples of these sizes (no ties). It must be
   * below the significance level, or the test can never say yes.
   */
  static double smallestP(int n1, int n2) {
    double combinations = 1;
    for (int i = 1; i <= n2; i++) {
      combinations = combinations * (n1 + i) / i;
    }
    return 1 / combinations;
  }

  private static double exact(int[] doubledRank, int k, int observed) {
    int maxSum = Arrays.stream(doubledRank).sum();
    // ways[j][s]: subsets of size j of the values seen so far whose doubled ranks sum to s.
    double[][] ways = new double[k + 1][maxSum + 1];
    ways[0][0] = 1;
    for (int rank : doubledRank) {
      for (int j = k; j >= 1; j--) {
        for (int s = maxSum; s >= rank; s--) {
          ways[j][s] += ways[j - 1][s - rank];
        }
      }
    }
    double total = 0;
    double atLeast = 0;
    for (int s = 0; s <= maxSum; s++) {
      total += ways[k][s];
      if (s >= observed) {
        atLeast += ways[k][s];
      }
    }
    return atLeast / total;
  }

  private static double normal(int n1, int n2, int observedDoubled, double tieTerm) {
    int n = n1 + n2;
    double u = observedDoubled / 2.0 - n2 * (n2 + 1) / 2.0;
    double mean = n1 * (double) n2 / 2;
    double variance = n1 * (double) n2 / 12 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
    double z = (u - mean - 0.5) / Math.sqrt(variance);
    return upperTail(z);
  }

  /** P(Z > z) for a standard normal Z (Abramowitz and Stegun 7.1.26, error under 1.5e-7). */
  static double upperTail(double z) {
    double x = Math.abs(z) / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * x);
    double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
        + t * 1.061405429)))) * Math.exp(-x * x);
    return z >= 0 ? erfc / 2 : 1 - erfc / 2;
  }
}
