package dev.perfsuite.history;

import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelinePoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hand-built run results for history tests: no load. */
final class RunHistoryResults {
  private RunHistoryResults() {
  }

  /** A 10-window run whose windows all have {@code p95} ms and 100 samples. */
  static RunResult result(String scenario, Path directory, long p95, boolean interrupted) {
    List<LabelSummary> summaries = new ArrayList<>();
    List<TimelinePoint> points = new ArrayList<>();
    for (String label : List.of(LabelSummary.OVERALL, "GET echo")) {
      LatencyStats latency = new LatencyStats(1, p95 * 2, p95 / 2.0, 1, p95 / 2, p95, p95, p95,
          p95, p95, p95);
      summaries.add(new LabelSummary(label, Phase.WARM_UP, 0, 0, LatencyStats.empty(), 0, 0, 0, -1,
          -1, Map.of(), Map.of()));
      summaries.add(new LabelSummary(label, Phase.MEASUREMENT, 1000, 0, latency, 100, 1, 1,
          1_700_000_000_000L, 1_700_000_010_000L, Map.of(), Map.of()));
      for (int w = 0; w < 10; w++) {
        points.add(new TimelinePoint(label, Duration.ofSeconds(w), Phase.MEASUREMENT, 100, 0,
            p95 / 2, p95, p95, p95, 4));
      }
    }
    return new RunResult(scenario, 4, Duration.ZERO, Duration.ZERO, summaries, List.of(),
        directory, interrupted ? Optional.of(StopReason.interrupted()) : Optional.empty(),
        new Timeline(Duration.ofSeconds(1), points), Map.of());
  }

  /** A complete run of echo-test in {@code directory}, p95 10 ms. */
  static RunResult result(Path directory) {
    return result("echo-test", directory, 10, false);
  }
}
