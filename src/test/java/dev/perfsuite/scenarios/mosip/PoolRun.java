package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.backends.otp.ConnectionTimes;
import dev.perfsuite.backends.otp.ReferenceOtpService.PoolUsage;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * One pool's run: what JMeter measured, what the service saw of its pool in the same measurement
 * phase, and the queueing model built from the measured holds.
 *
 * @param pool connections in the pool
 * @param result the JMeter run
 * @param usage the pool's sampled counters (whole run)
 * @param times service-side means of the measurement phase
 * @param outsideMillis mean response time outside the pool (HTTP, JSON, JMeter), ms
 * @param throughput generate plus validate requests per second over the measurement phase's span
 * @param model the prediction for this pool, users and the measured holds
 */
record PoolRun(int pool, RunResult result, PoolUsage usage, ServiceTimes times,
    double outsideMillis, double throughput, PoolQueueModel model) {

  /**
   * Service-side means over the requests that asked for a connection in the measurement phase.
   *
   * @param requests requests counted
   * @param waitMillis mean wait for a connection
   * @param generateHoldMillis mean hold of a generate
   * @param validateHoldMillis mean hold of a validate
   * @param generateMinHoldMillis shortest hold of a generate: the link's round trips plus the
   *     least SQL and scheduling time, little disturbed by a loaded machine
   * @param validateMinHoldMillis shortest hold of a validate
   */
  record ServiceTimes(long requests, double waitMillis, double generateHoldMillis,
      double validateHoldMillis, double generateMinHoldMillis, double validateMinHoldMillis) {
  }

  static PoolRun of(int pool, RunResult result, PoolUsage usage,
      List<ConnectionTimes.Use> uses, int users, Duration pauses) {
    long measurementStart = originMillis(result.directory()) + result.warmUp().toMillis();
    List<ConnectionTimes.Use> measured = uses.stream()
        .filter(u -> u.askedEpochMillis() >= measurementStart).toList();
    ServiceTimes times = new ServiceTimes(measured.size(),
        mean(measured, null, false), mean(measured, "generate", true),
        mean(measured, "validate", true), min(measured, "generate"), min(measured, "validate"));
    LabelSummary generate = result.measured(MosipRequests.TR_GENERATE_OTP);
    LabelSummary validate = result.measured(MosipRequests.TR_VALIDATE_OTP);
    double generateOutside = generate.latency().mean() - times.waitMillis()
        - times.generateHoldMillis();
    double validateOutside = validate.latency().mean() - times.waitMillis()
        - times.validateHoldMillis();
    double outside = Math.max(0, (generateOutside + validateOutside) / 2);
    double think = pauses.toNanos() / 1e9 + 2 * outside / 1000;
    PoolQueueModel model = new PoolQueueModel(users, pool, think,
        times.generateHoldMillis() / 1000, times.validateHoldMillis() / 1000);
    // One span for both labels (the overall one): summing per-label rates, each over its own
    // shorter span, overstates the rate.
    LabelSummary overall = result.overall(Phase.MEASUREMENT);
    double throughput = (generate.samples() + validate.samples())
        / (Math.max(1, overall.spanMillis()) / 1000.0);
    return new PoolRun(pool, result, usage, times, outside, throughput, model);
  }

  private static double mean(List<ConnectionTimes.Use> uses, String kind, boolean hold) {
    return uses.stream().filter(u -> kind == null || kind.equals(u.kind()))
        .mapToLong(u -> hold ? u.holdNanos() : u.waitNanos()).average().orElse(0) / 1e6;
  }

  private static double min(List<ConnectionTimes.Use> uses, String kind) {
    return uses.stream().filter(u -> kind.equals(u.kind()))
        .mapToLong(ConnectionTimes.Use::holdNanos).min().orElse(0) / 1e6;
  }

  /** The phase origin the run wrote to {@code run.properties}. */
  private static long originMillis(Path directory) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(directory.resolve("run.properties"),
        StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read run.properties of " + directory, e);
    }
    return Long.parseLong(properties.getProperty("originMillis").trim());
  }
}
