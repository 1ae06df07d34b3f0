package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.sla.Threshold;
import dev.perfsuite.sla.ThresholdResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Hand-built runs for the scenarios' SLA helpers: one that meets every threshold of an SLA with
 * margin, and for each threshold one that misses just that threshold, so a helper's test shows
 * that each threshold it declares decides the verdict.
 *
 * <p>The passing run: no errors, twice the samples asked, every latency half the smallest latency
 * limit of the SLA, throughput twice the largest throughput limit (at least 100 req/s), and users
 * such that Little's law holds exactly on the overall summary. A missing run moves one metric of
 * one scope past its limit by half (latency, errors), to half (throughput), to one sample short,
 * or moves the users away from Little's law.
 */
public final class SlaFixtures {
  private static final long START_MILLIS = 1_700_000_000_000L;

  private SlaFixtures() {
  }

  /**
   * Asserts that a run meeting every threshold of {@code sla} passes and that, for each threshold,
   * a run missing it fails on that threshold.
   *
   * @param what names the SLA in failure messages, e.g. {@code "UserExists at smoke"}
   */
  public static void assertEveryThresholdDecides(Sla sla, String what) {
    SlaVerdict healthy = sla.evaluate(passing(sla));
    assertThat(healthy.passed()).as("%s: a run meeting every threshold passes:%n%s", what,
        healthy).isTrue();
    for (Threshold threshold : sla.thresholds()) {
      SlaVerdict verdict = sla.evaluate(missing(sla, threshold));
      assertThat(verdict.failures()).extracting(ThresholdResult::threshold)
          .as("%s: a run missing %s %s %s fails on it", what, threshold.scope(),
              threshold.metric(), threshold.limit())
          .contains(threshold);
    }
  }

  /** A run that meets every threshold of {@code sla} with margin. */
  public static RunResult passing(Sla sla) {
    return new Fixture(sla).run(null);
  }

  /** The passing run with {@code threshold} missed. */
  public static RunResult missing(Sla sla, Threshold threshold) {
    if (!sla.thresholds().contains(threshold)) {
      throw new IllegalArgumentException(threshold + " is not a threshold of " + sla);
    }
    return new Fixture(sla).run(threshold);
  }

  /** The values every scope of the passing run shares. */
  private static final class Fixture {
    private final Sla sla;
    private final long samples;
    private final long latency;
    private final double throughput;
    private final int users;

    Fixture(Sla sla) {
      this.sla = sla;
      this.samples = 2 * Math.max(10_000, (long) max(Metric.SAMPLES, 0));
      double smallest = sla.thresholds().stream().filter(t -> latencyMetric(t.metric()))
          .mapToDouble(Threshold::limit).min().orElse(200);
      this.latency = Math.max(1, (long) Math.floor(smallest / 2));
      double wanted = Math.max(100, 2 * max(Metric.THROUGHPUT, 0));
      // Users first, throughput from them, so that X * R / 1000 = N exactly.
      this.users = (int) Math.ceil(wanted * latency / 1000.0);
      this.throughput = users * 1000.0 / latency;
    }

    private double max(Metric metric, double otherwise) {
      return sla.thresholds().stream().filter(t -> t.metric() == metric)
          .mapToDouble(Threshold::limit).max().orElse(otherwise);
    }

    RunResult run(Threshold missed) {
      Set<String> scopes = new LinkedHashSet<>();
      scopes.add(LabelSummary.OVERALL);
      sla.thresholds().forEach(t -> scopes.add(t.scope()));
      List<LabelSummary> summaries = new ArrayList<>();
      for (String scope : scopes) {
        summaries.add(summary(scope, missed != null && missed.scope().equals(scope)
            ? missed : null));
      }
      int runUsers = users;
      if (missed != null && missed.metric() == Metric.LITTLES_LAW_GAP) {
        runUsers = (int) Math.ceil(users * (1 + 2 * missed.limit() / 100)) + 1;
      }
      return new RunResult("sla-fixture", runUsers, Duration.ZERO, Duration.ZERO, summaries,
          List.of(), Path.of("target", "sla-fixture"), Optional.empty());
    }

    private LabelSummary summary(String scope, Threshold missed) {
      long n = samples;
      long errors = 0;
      long[] latencies = {latency, latency, latency, latency};
      double mean = latency;
      double rate = throughput;
      if (missed != null) {
        double limit = missed.limit();
        long over = (long) Math.ceil(limit * 1.5) + 1;
        switch (missed.metric()) {
          case P50 -> latencies[0] = over;
          case P90 -> latencies[1] = over;
          case P95 -> latencies[2] = over;
          case P99 -> latencies[3] = over;
          case MEAN -> mean = over;
          case ERROR_PERCENT -> errors = (long) Math.ceil(n * limit * 1.5 / 100) + 1;
          case THROUGHPUT -> rate = limit / 2;
          case SAMPLES -> n = (long) limit - 1;
          case LITTLES_LAW_GAP, RUN_COMPLETED -> {
            // Little's law: the run's users move; completion: not built here.
          }
          default -> throw new IllegalStateException("no fixture for " + missed.metric());
        }
      }
      if (n == 0) {
        return new LabelSummary(scope, Phase.MEASUREMENT, 0, 0, LatencyStats.empty(), 0, 0, 0,
            -1, -1, Map.of(), Map.of());
      }
      long top = Math.max(latencies[3], (long) Math.ceil(mean));
      LatencyStats stats = new LatencyStats(1, top, mean, 1, latencies[0], latencies[0],
          latencies[1], latencies[2], latencies[3], latencies[3], top);
      long span = Math.max(1, Math.round(n / rate * 1000));
      return new LabelSummary(scope, Phase.MEASUREMENT, n, errors, stats, rate, 10, 2,
          START_MILLIS, START_MILLIS + span, Map.of(), Map.of());
    }

    private static boolean latencyMetric(Metric metric) {
      return switch (metric) {
        case P50, P90, P95, P99, MEAN -> true;
        default -> false;
      };
    }
  }
}
