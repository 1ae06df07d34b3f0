package dev.perfsuite.profiles;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The intended start of every request of an open-model profile, from its stages' rates.
 *
 * <p>A stage ramps linearly from the previous stage's rate (0 before the first) to its own level,
 * then holds it. Request n (0, 1, ...) is due when the expected arrivals since the start reach n
 * (constant spacing) or reach the n-th partial sum of exponential gaps of mean 1 (Poisson). Not
 * thread-safe: {@link ArrivalTimer} serialises access.
 *
 * <p>Constant spacing may start at a phase: request n is then due at n + phase expected arrivals.
 * Engine i of N, each offering 1/N of the rate, takes phase i/N, so the merged arrivals are as
 * evenly spaced as one engine's ({@code ArrivalInterleavingTest}); with one phase on every engine
 * they came in bursts of N. Poisson arrivals ignore the phase: their per-engine seeds already
 * keep them independent.
 */
final class ArrivalSchedule {
  private final double[] startNanos;
  private final double[] durationNanos;
  private final double[] fromRate;
  private final double[] toRate;
  private final double[] arrivalsBefore;
  private final double total;
  private final Arrivals arrivals;
  private final SplittableRandom random;
  private double next;
  private int segment;

  private ArrivalSchedule(List<Stage> stages, Arrivals arrivals, long seed, double phase) {
    int n = stages.size() * 2;
    startNanos = new double[n];
    durationNanos = new double[n];
    fromRate = new double[n];
    toRate = new double[n];
    arrivalsBefore = new double[n + 1];
    double previous = 0;
    double clock = 0;
    int i = 0;
    for (Stage stage : stages) {
      i = segment(i, clock, stage.rampUp(), previous, stage.level());
      clock += stage.rampUp().toNanos();
      i = segment(i, clock, stage.hold(), stage.level(), stage.level());
      clock += stage.hold().toNanos();
      previous = stage.level();
    }
    this.total = arrivalsBefore[n];
    this.arrivals = arrivals;
    this.random = new SplittableRandom(seed);
    this.next = arrivals == Arrivals.POISSON ? exponential() : phase;
  }

  private int segment(int i, double clock, Duration length, double from, double to) {
    startNanos[i] = clock;
    durationNanos[i] = length.toNanos();
    fromRate[i] = from / 1e9;
    toRate[i] = to / 1e9;
    arrivalsBefore[i + 1] = arrivalsBefore[i] + (fromRate[i] + toRate[i]) / 2 * durationNanos[i];
    return i + 1;
  }

  /**
   * A schedule for {@code stages} (levels in requests per second).
   *
   * @param seed fixes the Poisson gaps; ignored for constant spacing
   */
  static ArrivalSchedule of(List<Stage> stages, Arrivals arrivals, long seed) {
    return of(stages, arrivals, seed, 0);
  }

  /**
   * A schedule for {@code stages} whose constant spacing starts {@code phase} of a gap late.
   *
   * @param phase 0 (inclusive) to 1 (exclusive): the share of one gap by which this engine's
   *     arrivals follow the common origin's; ignored for Poisson arrivals
   */
  static ArrivalSchedule of(List<Stage> stages, Arrivals arrivals, long seed, double phase) {
    if (!(phase >= 0 && phase < 1)) {
      throw new IllegalArgumentException("an arrival phase is from 0 up to 1, not " + phase);
    }
    return new ArrivalSchedule(stages, arrivals, seed, phase);
  }

  /**
   * The phase of engine {@code index} among {@code engines} engines: {@code index / engines}, so
   * their constant arrivals interleave; 0 for an engine outside the list.
   */
  static double phase(int index, int engines) {
    return index < 0 || index >= engines ? 0 : index / (double) engines;
  }

  /** Expected arrivals over the whole profile. */
  double expectedArrivals() {
    return total;
  }

  /**
   * The offset from the start of the next request's intended start, in nanoseconds; -1 once the
   * profile has no arrival left.
   */
  long nextNanos() {
    double due = next;
    next += arrivals == Arrivals.POISSON ? exponential() : 1;
    if (due >= total) {
      return -1;
    }
    while (arrivalsBefore[segment + 1] <= due) {
      segment++;
    }
    double within = due - arrivalsBefore[segment];
    return Math.round(startNanos[segment] + timeFor(within, fromRate[segment], toRate[segment],
        durationNanos[segment]));
  }

  /**
   * Time into a segment at which {@code count} arrivals have happened. It solves r0 t + (r1 - r0)
   * t^2 / (2 T) = count in the form that stays exact when r1 is close to r0.
   */
  private static double timeFor(double count, double r0, double r1, double length) {
    double a = (r1 - r0) / (2 * length);
    double root = Math.sqrt(Math.max(0, r0 * r0 + 4 * a * count));
    double denominator = r0 + root;
    return denominator == 0 ? 0 : 2 * count / denominator;
  }

  private double exponential() {
    return -Math.log(1 - random.nextDouble());
  }
}
