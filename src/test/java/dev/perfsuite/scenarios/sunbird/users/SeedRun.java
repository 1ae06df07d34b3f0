package dev.perfsuite.scenarios.sunbird.users;

/**
 * One row of seed 001, the Sunbird user-management benchmark ({@code user-management-apis.md}),
 * from which a journey's full-scale users and SLA are derived.
 *
 * @param source the table the row comes from
 * @param threads JMeter threads of the run
 * @param samples samples of the run
 * @param errors failed samples
 * @param meanMillis average response time
 * @param throughput requests per second
 * @param p95Millis 95th percentile, {@link Double#NaN} when the table does not report it
 * @param p99Millis 99th percentile, {@link Double#NaN} when the table does not report it
 */
record SeedRun(String source, int threads, long samples, long errors, double meanMillis,
    double throughput, double p95Millis, double p99Millis) {
  private static final String DIRECT = "seed 001 §1, after optimisations (direct)";
  private static final String PROXY = "seed 001 §2, rerun via proxy and API manager";
  private static final String KEYCLOAK_4 = "seed 001 §2, 4 Keycloak nodes";

  static final SeedRun SIGNUP = new SeedRun(KEYCLOAK_4, 80, 8000, 0, 636, 111.1, 1216.95,
      2777.98);
  static final SeedRun SYSTEM_SETTINGS = new SeedRun(DIRECT, 400, 120000, 0, 106, 2175.5,
      Double.NaN, Double.NaN);
  static final SeedRun USER_BY_EMAIL = new SeedRun(DIRECT, 100, 100000, 0, 65, 1424.5,
      Double.NaN, Double.NaN);
  static final SeedRun ROLE_READ = new SeedRun(DIRECT, 400, 120000, 0, 305, 1219.9, Double.NaN,
      Double.NaN);
  static final SeedRun GENERATE_TOKEN = new SeedRun(DIRECT, 100, 300000, 0, 144, 678.4,
      Double.NaN, Double.NaN);
  static final SeedRun PROFILE_READ = new SeedRun(DIRECT, 400, 120000, 71, 1267, 286.6,
      Double.NaN, Double.NaN);
  static final SeedRun ORG_SEARCH = new SeedRun(DIRECT, 400, 120000, 0, 333, 1130.8, Double.NaN,
      Double.NaN);
  static final SeedRun OTP_GENERATE = new SeedRun(DIRECT, 400, 40000, 0, 265, 1314, Double.NaN,
      Double.NaN);
  /** Verify OTP appears only in the proxy rerun. */
  static final SeedRun OTP_VERIFY = new SeedRun(PROXY, 100, 20000, 0, 100, 923.2, Double.NaN,
      Double.NaN);
  /** User existence appears only in the proxy rerun. */
  static final SeedRun USER_EXISTS = new SeedRun(PROXY, 100, 1000000, 0, 66, 1445.1, Double.NaN,
      Double.NaN);
  /** Per call of the 4-call login workflow (the table counts each call as a sample). */
  static final SeedRun LOGIN = new SeedRun(KEYCLOAK_4, 160, 64000, 58, 315, 474.6, 1159, 3082);

  /** Failed samples in percent. */
  double errorPercent() {
    return samples == 0 ? 0 : errors * 100.0 / samples;
  }

  /**
   * Seconds of one thread's time per request, by Little's law on the row's own figures
   * (threads / throughput): response time plus the load generator's own overhead.
   */
  double secondsPerRequest() {
    return threads / throughput;
  }
}
