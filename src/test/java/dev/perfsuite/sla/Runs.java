package dev.perfsuite.sla;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hand-built runs: summaries default to a healthy 1000-sample label at 100 req/s over 10 s. */
final class Runs {

  static final String ECHO = "POST /echo 1KiB";
  static final long START_MILLIS = 1_700_000_000_000L;

  private Runs() {
  }

  static RunResult run(LabelSummary... summaries) {
    return run(10, Duration.ZERO, false, summaries);
  }

  static RunResult run(int users, Duration thinkTime, boolean interrupted,
      LabelSummary... summaries) {
    return new RunResult("sla-test", users, thinkTime, Duration.ofSeconds(10),
        List.of(summaries), List.of(), Path.of("target", "sla-test"),
        interrupted ? Optional.of(StopReason.interrupted()) : Optional.empty());
  }

  static Summary measured(String label) {
    return new Summary(label, Phase.MEASUREMENT);
  }

  static Summary warmUp(String label) {
    return new Summary(label, Phase.WARM_UP);
  }

  /** A mutable builder for one {@link LabelSummary}; tests set only what they judge. */
  static final class Summary {
    private final String label;
    private final Phase phase;
    private long samples = 1000;
    private long errors;
    private long p50 = 50;
    private long p90 = 80;
    private long p95 = 90;
    private long p99 = 120;
    private double mean = 60;
    private double throughput = 100;
    private Map<ErrorCause, Long> errorsByCause = Map.of();
    private Map<String, Long> errorsByStatus = Map.of();

    private Summary(String label, Phase phase) {
      this.label = label;
      this.phase = phase;
    }

    Summary samples(long samples) {
      this.samples = samples;
      return this;
    }

    Summary latencyMillis(long p50, long p90, long p95, long p99) {
      this.p50 = p50;
      this.p90 = p90;
      this.p95 = p95;
      this.p99 = p99;
      return this;
    }

    Summary p99Millis(long p99) {
      this.p99 = p99;
      return this;
    }

    Summary meanMillis(double mean) {
      this.mean = mean;
      return this;
    }

    Summary throughput(double requestsPerSecond) {
      this.throughput = requestsPerSecond;
      return this;
    }

    Summary errors(long errors, Map<ErrorCause, Long> byCause, Map<String, Long> byStatus) {
      this.errors = errors;
      this.errorsByCause = byCause;
      this.errorsByStatus = byStatus;
      return this;
    }

    LabelSummary build() {
      if (samples == 0) {
        return new LabelSummary(label, phase, 0, 0, LatencyStats.empty(), 0, 0, 0, -1, -1,
            Map.of(), Map.of());
      }
      LatencyStats latency = new LatencyStats(
          1, p99 * 2, mean, mean / 2, p50, (p50 + p90) / 2, p90, p95, p99, p99, p99 * 2);
      long spanMillis = Math.round(samples / throughput * 1000);
      return new LabelSummary(label, phase, samples, errors, latency, throughput, 12.5, 3.5,
          START_MILLIS, START_MILLIS + spanMillis, errorsByCause, errorsByStatus);
    }
  }
}
