package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.backends.otp.ReferenceOtpService.PoolUsage;
import dev.perfsuite.reporting.Tables;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Two runs of the OTP journey side by side, pool A against pool B: per label the samples, mean,
 * 90th and 95th percentile, error % and throughput of the measurement phase, how the pool itself
 * was used, and the queueing model's prediction beside the measurement.
 *
 * @param runA the smaller pool's run
 * @param runB the larger pool's run
 * @param latency the modelled one-way database latency
 */
record PoolComparison(PoolRun runA, PoolRun runB, Duration latency) {
  static final String FILE = "mosip-otp-pool-comparison.md";
  static final List<String> LABELS = List.of(MosipRequests.TR_GENERATE_OTP,
      MosipRequests.TR_VALIDATE_OTP, LabelSummary.OVERALL);

  /** The side-by-side table, one row per label, columns paired A then B. */
  String table() {
    RunResult poolA = runA.result();
    RunResult poolB = runB.result();
    String a = "pool " + runA.pool();
    String b = "pool " + runB.pool();
    List<String> headers = List.of("Label",
        "Samples " + a, "Samples " + b,
        "Mean ms " + a, "Mean ms " + b,
        "p90 ms " + a, "p90 ms " + b,
        "p95 ms " + a, "p95 ms " + b,
        "Error % " + a, "Error % " + b,
        "Req/s " + a, "Req/s " + b);
    List<List<String>> rows = new ArrayList<>();
    for (String label : LABELS) {
      Optional<LabelSummary> left = poolA.summary(label, Phase.MEASUREMENT);
      Optional<LabelSummary> right = poolB.summary(label, Phase.MEASUREMENT);
      rows.add(List.of(label,
          cell(left, s -> Long.toString(s.samples())), cell(right, s -> Long.toString(s.samples())),
          cell(left, s -> number(s.latency().mean())), cell(right, s -> number(s.latency().mean())),
          cell(left, s -> Long.toString(s.latency().p90())),
          cell(right, s -> Long.toString(s.latency().p90())),
          cell(left, s -> Long.toString(s.latency().p95())),
          cell(right, s -> Long.toString(s.latency().p95())),
          cell(left, s -> number(s.errorPercent())), cell(right, s -> number(s.errorPercent())),
          cell(left, s -> number(s.throughput())), cell(right, s -> number(s.throughput()))));
    }
    return Tables.markdown(headers, rows);
  }

  /** One line per pool: peak connections in use, peak and mean requests waiting for one. */
  String usage() {
    return line(runA.usage()) + line(runB.usage());
  }

  /**
   * Prediction beside measurement, one row per pool: holds (model: round trips x 2 x latency,
   * measured), waiting per request (bound to MVA, measured), throughput (MVA to bound, measured).
   */
  String modelTable() {
    long roundTrip = 2 * latency.toMillis();
    List<String> headers = List.of("Pool", "Users", "N*",
        "Generate hold ms mean (link + rest), min", "Validate hold ms mean (link + rest), min",
        "Wait ms predicted", "Wait ms measured",
        "Req/s predicted", "Req/s measured");
    List<List<String>> rows = new ArrayList<>();
    for (PoolRun run : List.of(runA, runB)) {
      PoolQueueModel model = run.model();
      rows.add(List.of(Integer.toString(run.pool()), Integer.toString(model.users()),
          number(model.saturationUsers()),
          hold(OtpPoolComparisonIT.GENERATE_TRIPS * roundTrip, run.times().generateHoldMillis(),
              run.times().generateMinHoldMillis()),
          hold(OtpPoolComparisonIT.VALIDATE_TRIPS * roundTrip, run.times().validateHoldMillis(),
              run.times().validateMinHoldMillis()),
          number(model.boundWait() * 1000) + " to " + number(model.mvaWait() * 1000),
          number(run.times().waitMillis()),
          number(model.mvaThroughput()) + " to " + number(model.boundThroughput()),
          number(run.throughput())));
    }
    return Tables.markdown(headers, rows);
  }

  private static String hold(long link, double mean, double min) {
    return String.format(Locale.ROOT, "%.1f (%d + %.1f), %.1f", mean, link, mean - link, min);
  }

  private static String line(PoolUsage usage) {
    return String.format(Locale.ROOT, "- pool %d: peak %d connections in use, peak %d requests "
            + "waiting for one (mean %.1f), %d requests, %d answered 500%n", usage.poolSize(),
        usage.peakActive(), usage.peakWaiting(), usage.meanWaiting(), usage.requests(),
        usage.serverErrors());
  }

  /** Writes {@code title}, {@code notes}, the table and the usage lines to {@value #FILE}. */
  Path write(Path resultsDir, String title, String notes) {
    Path file = resultsDir.resolve(FILE);
    try {
      Files.createDirectories(resultsDir);
      Files.writeString(file, "# " + title + "\n\n" + notes + "\n\n" + table()
          + "\nModel prediction beside measurement (measurement phase):\n\n" + modelTable()
          + "\n" + usage(),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return file;
  }

  private static String cell(Optional<LabelSummary> summary,
      Function<LabelSummary, String> value) {
    return summary.map(value).orElse("-");
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
