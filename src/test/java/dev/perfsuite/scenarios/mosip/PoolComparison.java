package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.reporting.Tables;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.RunSummary;
import dev.perfsuite.scenarios.mosip.otp.ReferenceOtpService.PoolUsage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Two runs of the OTP journey side by side, pool A against pool B: per label the samples, mean,
 * 90th and 95th percentile, error % and throughput of the measurement phase, plus how the pool
 * itself was used.
 *
 * @param poolA the smaller pool's run
 * @param usageA the smaller pool's usage
 * @param poolB the larger pool's run
 * @param usageB the larger pool's usage
 */
record PoolComparison(RunResult poolA, PoolUsage usageA, RunResult poolB, PoolUsage usageB) {
  static final String FILE = "mosip-otp-pool-comparison.md";
  static final List<String> LABELS = List.of(MosipRequests.TR_GENERATE_OTP,
      MosipRequests.TR_VALIDATE_OTP, RunSummary.OVERALL);

  /** The side-by-side table, one row per label, columns paired A then B. */
  String table() {
    String a = "pool " + usageA.poolSize();
    String b = "pool " + usageB.poolSize();
    List<String> headers = List.of("Label",
        "Samples " + a, "Samples " + b,
        "Mean ms " + a, "Mean ms " + b,
        "p90 ms " + a, "p90 ms " + b,
        "p95 ms " + a, "p95 ms " + b,
        "Error % " + a, "Error % " + b,
        "Req/s " + a, "Req/s " + b);
    List<List<String>> rows = new ArrayList<>();
    for (String label : LABELS) {
      Optional<RunSummary> left = poolA.summary(label, Phase.MEASUREMENT);
      Optional<RunSummary> right = poolB.summary(label, Phase.MEASUREMENT);
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
    return line(usageA) + line(usageB);
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
      Files.writeString(file, "# " + title + "\n\n" + notes + "\n\n" + table() + "\n" + usage(),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return file;
  }

  private static String cell(Optional<RunSummary> summary,
      Function<RunSummary, String> value) {
    return summary.map(value).orElse("-");
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
