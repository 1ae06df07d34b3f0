package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perfsuite.backends.PostgresLatencyLink;
import dev.perfsuite.backends.otp.OtpServiceSettings;
import dev.perfsuite.backends.otp.ReferenceOtpService;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's experiment rerun locally as a model: the OTP journey against the reference OTP
 * service once per pool size, with the service's database on the far side of a latency link,
 * checked against what queueing theory predicts for that model and written side by side to
 * {@code <perf.results-dir>/mosip-otp-pool-comparison.md}.
 *
 * <p><b>The model.</b> In seed 002 each request held its pooled connection about 0.72 s (by
 * Little's law on its pool-100 run), some 100 times the few ms its Glowroot shows per SQL
 * statement: the time went by with the connection held outside SQL. Locally a request holds its
 * connection about a millisecond, and no pool runs out. So the database is moved, physically, to
 * the far side of a link with a one-way latency {@code L} ({@code perf.mosip.otp.db-latency},
 * default 25 ms): Toxiproxy's latency toxic on both directions under Testcontainers, an in-JVM
 * proxy with the same semantics otherwise. Real SQL runs on every request; each database round
 * trip costs {@code 2 L} more, so a generate (select, upsert, commit: {@value #GENERATE_TRIPS}
 * round trips) holds its connection {@code 6 L} + SQL and a validate (select for update, update,
 * delete, commit: {@value #VALIDATE_TRIPS}) {@code 8 L} + SQL. Nothing sleeps inside a
 * transaction.
 *
 * <p><b>The check.</b> The test measures the hold per request (the service's own clock, from
 * getting the connection to handing it back), checks the shortest against the round trips times
 * {@code 2 L} plus a small SQL allowance, then, with the mean holds as measured, compares the
 * measured waiting for a connection (service side), the mean response times (JMeter side) and the
 * throughput with {@link PoolQueueModel}: between the distribution-free asymptotic bound (what
 * deterministic think and hold times reach) and exact MVA
 * (exponential holds), within {@value #TOLERANCE_PERCENT} % plus {@value #SLACK_MILLIS} ms for a
 * shared 2-core machine. Pool 2 with 20 users is deep in saturation, where both predictions agree
 * and the check is sharp; pool 6 is below saturation, where the prediction is little waiting.
 *
 * <p><b>Scale.</b> At smoke the seed is scaled down 50 times: 1000 users become 20 (constant, so
 * the model has one population), pools of 100 and 300 become 2 and 6 (10 and 3.3 users per
 * connection, as in the seed). At full scale the pools are the seed's 100 and 300 under the
 * configured profile; the prediction is printed for its peak users and not asserted (a
 * multi-stage profile has no single population).
 *
 * <p><b>Connections.</b> The suite's PostgreSQL starts with {@code max_connections=400}, so the
 * seed's full-scale pool of 300 fits; the service refuses a pool that does not fit. The comparison
 * is skipped for a named target, whose pool is its own configuration.
 */
@PerfScenario
@Tag("mosip")
class OtpPoolComparisonIT {
  /** Seed 002: 1000 users, pools 100 and 300; smoke divides users and pools by 50. */
  static final int SEED_USERS = 1000;
  static final int SEED_POOL_A = 100;
  static final int SEED_POOL_B = 300;
  static final int SMOKE_SCALE = 50;
  /** Database round trips per generate: select, upsert, commit (BEGIN rides on the select). */
  static final int GENERATE_TRIPS = 3;
  /** Database round trips per validate: select for update, update, delete, commit. */
  static final int VALIDATE_TRIPS = 4;
  /** Relative tolerance of every model comparison. */
  static final int TOLERANCE_PERCENT = 25;
  /** Absolute slack added to every model comparison (scheduling on a loaded 2-core machine). */
  static final int SLACK_MILLIS = 25;
  /** SQL time allowed on top of the round trips in the shortest measured hold. */
  static final int SQL_ALLOWANCE_MILLIS = 40;

  @Test
  void shouldMeasureThePoolQueueThatTheLatencyModelPredicts(PerfSession perf) {
    assumeTrue(perf.config().target().isLocal(), "the pool is the target's own configuration; "
        + "this comparison runs against the local reference OTP service only");
    boolean smoke = perf.config().profile().isSmoke();
    int poolA = smoke ? SEED_POOL_A / SMOKE_SCALE : SEED_POOL_A;
    int poolB = smoke ? SEED_POOL_B / SMOKE_SCALE : SEED_POOL_B;
    LoadProfile profile = smoke ? Profiles.smoke().withUsers(SEED_USERS / SMOKE_SCALE)
        .withRampUp(Duration.ofSeconds(1)).withHold(Duration.ofSeconds(16))
        .withWarmUp(Duration.ofSeconds(6)) : perf.config().profile();
    Duration latency = perf.config().value(MosipSystem.OTP_DB_LATENCY).orElseThrow();
    String image = perf.config().backendSettings().toxiproxyImage();

    PoolRun a;
    PoolRun b;
    String mechanism;
    try (PostgresLatencyLink link = PostgresLatencyLink.start(perf.backends(),
        perf.config().backendSettings(), latency, image)) {
      mechanism = link.mechanism();
      int free = ReferenceOtpService.freeConnections(link.endpoint());
      assumeTrue(poolB <= free, "a pool of " + poolB + " does not fit the local PostgreSQL ("
          + free + " free connections, max_connections is a start setting of the backend)");
      a = run(perf, link, poolA, profile);
      b = run(perf, link, poolB, profile);
    }

    String model = modelText(latency, mechanism);
    PoolComparison comparison = new PoolComparison(a, b, latency);
    String title = String.format(Locale.ROOT, "MOSIP OTP manager: pool %d vs pool %d (%s, "
        + "model: %d ms database latency each way)", poolA, poolB, perf.config().profile().name(),
        latency.toMillis());
    Path file = comparison.write(perf.config().resultsDir(), title,
        notes(smoke, profile, poolA, poolB) + "\n\n" + model);
    System.out.printf("%n%s, measurement phase:%n%s%n%s%n%s%n%s", title, model,
        comparison.table(), comparison.modelTable(), comparison.usage());
    System.out.println("Seed 002 (1000 users, its real database): pool 100 averaged ~6200 ms; "
        + "pool 300 averaged 2663 ms (generate) and 2664 ms (validate), 119 req/s each.");
    System.out.println("Written to " + file.toAbsolutePath());

    Sla sla = MosipSlas.poolRun(perf.config().profile());
    perf.judge(sla, a.result()).assertPassed();
    perf.judge(sla, b.result()).assertPassed();
    for (String label : PoolComparison.LABELS.subList(0, 2)) {
      assertThat(b.result().measured(label).latency().mean())
          .as("%s: mean with pool %d below mean with pool %d", label, poolB, poolA)
          .isLessThan(a.result().measured(label).latency().mean());
    }
    if (smoke) {
      for (PoolRun run : new PoolRun[] {a, b}) {
        assertHoldIsTheLinkModel(run, latency);
        assertQueueIsPredicted(run);
      }
      assertThat(a.model().users()).as("pool %d saturates (N* = %.1f)", poolA,
          a.model().saturationUsers()).isGreaterThan((int) a.model().saturationUsers());
    }
  }

  /**
   * The shortest hold = round trips x 2 L + the least SQL time, between 0 and the allowance: a
   * round trip more or less moves it by 2 L. The mean hold also carries scheduling delays of a
   * loaded machine (and of Docker's port forwarding); the model takes it as measured.
   */
  private static void assertHoldIsTheLinkModel(PoolRun run, Duration latency) {
    double roundTrip = 2 * latency.toNanos() / 1e6;
    double[][] checks = {
        {run.times().generateMinHoldMillis(), GENERATE_TRIPS * roundTrip},
        {run.times().validateMinHoldMillis(), VALIDATE_TRIPS * roundTrip}};
    String[] names = {"generate", "validate"};
    for (int i = 0; i < checks.length; i++) {
      assertThat(checks[i][0])
          .as("pool %d: shortest %s hold (ms) = %d round trips x %.0f ms + SQL time (0 to %d ms)",
              run.pool(), names[i], i == 0 ? GENERATE_TRIPS : VALIDATE_TRIPS, roundTrip,
              SQL_ALLOWANCE_MILLIS)
          .isBetween(checks[i][1] * 0.97, checks[i][1] + SQL_ALLOWANCE_MILLIS);
    }
  }

  /** Waiting, means and throughput between the bound and MVA, with the stated tolerance. */
  private static void assertQueueIsPredicted(PoolRun run) {
    PoolQueueModel model = run.model();
    double low = 1 - TOLERANCE_PERCENT / 100.0;
    double high = 1 + TOLERANCE_PERCENT / 100.0;
    // HikariCP checks a connection idle for over 500 ms with one round trip before handing it
    // out; below saturation that falls inside the measured wait. One round trip as measured.
    double liveness = run.times().generateHoldMillis() / GENERATE_TRIPS;
    double waitLow = model.boundWait() * 1000 * low - SLACK_MILLIS;
    double waitHigh = model.mvaWait() * 1000 * high + SLACK_MILLIS + liveness;
    assertThat(run.times().waitMillis())
        .as("pool %d: mean wait for a connection (ms), predicted %.1f (bound) to %.1f (MVA)",
            run.pool(), model.boundWait() * 1000, model.mvaWait() * 1000)
        .isBetween(waitLow, waitHigh);
    double[] holds = {model.generateHold(), model.validateHold()};
    for (int i = 0; i < 2; i++) {
      String label = PoolComparison.LABELS.get(i);
      double outside = run.outsideMillis();
      assertThat(run.result().measured(label).latency().mean())
          .as("pool %d: %s mean (ms) = hold + predicted wait + HTTP time outside the pool",
              run.pool(), label)
          .isBetween(holds[i] * 1000 + outside + waitLow, holds[i] * 1000 + outside + waitHigh);
    }
    assertThat(run.throughput())
        .as("pool %d: generate + validate req/s, predicted %.2f (MVA) to %.2f (bound)",
            run.pool(), model.mvaThroughput(), model.boundThroughput())
        .isBetween(model.mvaThroughput() * low, model.boundThroughput() * high);
  }

  private static PoolRun run(PerfSession perf, PostgresLatencyLink link, int pool,
      LoadProfile profile) {
    try (ReferenceOtpService otp = ReferenceOtpService.start(link.endpoint(),
        OtpServiceSettings.forPool(pool))) {
      RunResult result = perf.run(OtpManagerJourney.plan("mosip-otp-pool-" + pool,
          perf.service("mosip"), otp.baseUri(), MosipClient.local(), profile,
          OtpManagerJourney.THINK_TIME));
      return PoolRun.of(pool, result, otp.usage(), otp.connectionTimes().uses(),
          profile.peakUsers(), OtpManagerJourney.THINK_TIME.multipliedBy(2));
    }
  }

  private static String modelText(Duration latency, String mechanism) {
    long l = latency.toMillis();
    return String.format(Locale.ROOT, "Model (not MOSIP's database): the service reaches "
        + "PostgreSQL through a link adding %d ms each way (%s), so every database round trip "
        + "costs %d ms more; real SQL runs on every request. Hold per request = round trips x "
        + "%d ms + SQL time: generate %d round trips (%d ms), validate %d (%d ms). Prediction: "
        + "closed network of users thinking 2 x 1 s per journey and a c-server pool; waiting "
        + "between the asymptotic bound (deterministic times) and exact MVA (exponential holds); "
        + "asserted within %d %% + %d ms at smoke.", l, mechanism, 2 * l, 2 * l, GENERATE_TRIPS,
        GENERATE_TRIPS * 2 * l, VALIDATE_TRIPS, VALIDATE_TRIPS * 2 * l, TOLERANCE_PERCENT,
        SLACK_MILLIS);
  }

  private static String notes(boolean smoke, LoadProfile profile, int poolA, int poolB) {
    return String.format(Locale.ROOT, "Profile: %s. Journey: authenticate once (stubs), then "
        + "generate, 1 s pause, validate, 1 s pause. Reference OTP service on PostgreSQL with a "
        + "fixed HikariCP pool and %d and %d HTTP workers.%s", profile,
        OtpServiceSettings.forPool(poolA).workerThreads(),
        OtpServiceSettings.forPool(poolB).workerThreads(),
        smoke ? " Seed scaled down 50 times: 20 users, pools 2 and 6 (seed: 1000 users, pools "
            + "100 and 300; mean about 6200 ms with 100, 2663 ms with 300)." : "");
  }
}
