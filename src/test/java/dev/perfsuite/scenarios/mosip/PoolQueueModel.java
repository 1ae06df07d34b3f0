package dev.perfsuite.scenarios.mosip;

import java.util.Locale;

/**
 * What queueing theory predicts for the OTP journey on a pool of {@code c} connections: a closed
 * network of {@code N} users who think {@code Z} per journey and visit the pool twice (generate,
 * validate), the pool being a {@code c}-server station whose service time is the connection hold.
 *
 * <p>Why two predictions. Think and hold times here are (nearly) deterministic: a fixed pause and
 * a fixed number of round trips over a fixed latency. Distribution-free <b>asymptotic bounds</b>
 * (Denning and Buzen's operational laws) hold for them: per journey, throughput
 * {@code X <= min(N / (Z + D), c / D)} and residence {@code R >= max(D, N D / c - Z)}, with
 * {@code D} the pool demand per journey. Deterministic users and servers fall into step and sit
 * on these bounds; the exact <b>mean value analysis</b> of the same network (load-dependent
 * {@code c}-server station) assumes exponential holds and, with that extra variability, waits
 * at least as long. So the measured waiting per visit is predicted to lie between the bound and
 * MVA; where the pool saturates ({@code N} well above {@code N* = c (D + Z) / D}) both agree,
 * and the prediction is sharp.
 *
 * @param users closed-model users {@code N}
 * @param pool connections {@code c}
 * @param thinkSeconds think time per journey outside the pool {@code Z} (both pauses plus the
 *     HTTP time outside the transaction)
 * @param generateHold seconds a generate request holds its connection
 * @param validateHold seconds a validate request holds its connection
 */
record PoolQueueModel(int users, int pool, double thinkSeconds, double generateHold,
    double validateHold) {

  /** Pool demand per journey {@code D}, seconds. */
  double demand() {
    return generateHold + validateHold;
  }

  /** Users at which the pool saturates, {@code N* = c (D + Z) / D}. */
  double saturationUsers() {
    return pool * (demand() + thinkSeconds) / demand();
  }

  /** The bound's waiting per visit: {@code max(0, N D / c - Z - D) / 2}, seconds. */
  double boundWait() {
    return Math.max(0, users * demand() / pool - thinkSeconds - demand()) / 2;
  }

  /** The bound's requests per second (two per journey): {@code 2 min(N / (Z + D), c / D)}. */
  double boundThroughput() {
    return 2 * Math.min(users / (thinkSeconds + demand()), pool / demand());
  }

  /** Exact MVA (exponential holds): waiting per visit, seconds. */
  double mvaWait() {
    return mva()[1];
  }

  /** Exact MVA (exponential holds): requests per second. */
  double mvaThroughput() {
    return mva()[0];
  }

  /**
   * Mean value analysis with a load-dependent station: visit ratio 2, mean hold {@code D / 2},
   * rate {@code min(j, c) / S} with {@code j} requests present; the marginal probabilities
   * {@code p(j | n)} carry the queue from {@code n - 1} to {@code n} users.
   */
  private double[] mva() {
    double service = demand() / 2;
    double[] p = {1.0};
    double throughput = 0;
    double residence = service;
    for (int n = 1; n <= users; n++) {
      residence = 0;
      for (int j = 1; j <= n; j++) {
        residence += (double) j / Math.min(j, pool) * service * p[j - 1];
      }
      throughput = n / (thinkSeconds + 2 * residence);
      double[] next = new double[n + 1];
      double busy = 0;
      for (int j = 1; j <= n; j++) {
        next[j] = throughput * 2 * service / Math.min(j, pool) * p[j - 1];
        busy += next[j];
      }
      next[0] = Math.max(0, 1 - busy);
      p = next;
    }
    return new double[] {2 * throughput, residence - service};
  }

  /** One line: parameters, then both predictions. */
  String describe() {
    return String.format(Locale.ROOT, "pool %d, %d users, think %.0f ms per journey, hold %.1f ms "
            + "(generate) + %.1f ms (validate), saturation at N* = %.1f users: predicted waiting "
            + "per request %.1f ms (bound) to %.1f ms (MVA), throughput %.2f (MVA) to %.2f (bound) "
            + "req/s", pool, users, thinkSeconds * 1000, generateHold * 1000,
        validateHold * 1000, saturationUsers(), boundWait() * 1000, mvaWait() * 1000,
        mvaThroughput(), boundThroughput());
  }
}
