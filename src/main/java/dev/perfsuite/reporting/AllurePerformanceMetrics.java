package dev.perfsuite.reporting;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;

/**
 * A run's per-label figures as an Allure 3 performance-metrics file. The file,
 * {@code <uuid>-perf.json} beside the test results, lets Allure 3's report show them and its
 * history carry them from run to run. Allure 2 ignores the file.
 *
 * <p>Per measurement-phase label (the overall {@code TOTAL} row included): p95 and p99 of the
 * latency figure verdicts judge (ms), throughput (req/s) and error share (%). A metric's key,
 * {@code <scenario> / <label> / <figure>}, is what Allure matches across runs: renaming a
 * scenario or label starts a new series.
 */
final class AllurePerformanceMetrics {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private AllurePerformanceMetrics() {
  }

  /** The metrics file's content: one JSON array of samples, empty when nothing was measured. */
  static String of(RunResult run) {
    ArrayNode samples = JSON.createArrayNode();
    String latency = run.judged() == LatencyFigure.SERVICE ? "service" : "response";
    for (LabelSummary s : run.summaries()) {
      if (s.phase() != Phase.MEASUREMENT || s.samples() == 0) {
        continue;
      }
      String group = run.scenario() + " / " + s.label();
      long start = s.firstStartMillis();
      long stop = s.lastEndMillis();
      add(samples, group, "p95", "p95 " + latency + " time", "ms", "lower",
          s.judged(run.judged()).p95(), start, stop);
      add(samples, group, "p99", "p99 " + latency + " time", "ms", "lower",
          s.judged(run.judged()).p99(), start, stop);
      add(samples, group, "rate", "throughput", "req/s", "higher", round(s.throughput()),
          start, stop);
      add(samples, group, "errors", "error share", "%", "lower", round(s.errorPercent()),
          start, stop);
    }
    try {
      return JSON.writeValueAsString(samples);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the Allure metrics of " + run.scenario(), e);
    }
  }

  /** Writes {@link #of} as a new {@code <uuid>-perf.json} in {@code resultsDirectory}. */
  static Path write(RunResult run, Path resultsDirectory) {
    Path file = resultsDirectory.resolve(UUID.randomUUID() + "-perf.json");
    try {
      Files.createDirectories(resultsDirectory);
      Files.writeString(file, Secrets.mask(of(run)), StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void add(ArrayNode samples, String group, String figure, String title,
      String unit, String better, double value, long start, long stop) {
    ObjectNode sample = samples.addObject();
    sample.put("id", UUID.randomUUID().toString());
    sample.put("key", group + " / " + figure);
    sample.put("value", value);
    sample.put("start", start);
    sample.put("stop", stop);
    sample.put("title", title);
    sample.put("unit", unit);
    // Allure groups a report's metrics by this key; one group per scenario and label.
    sample.put("group", group.toLowerCase(Locale.ROOT));
    sample.put("groupTitle", group);
    sample.put("better", better);
  }

  private static double round(double value) {
    return Math.round(value * 100) / 100.0;
  }
}
