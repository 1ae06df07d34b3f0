package dev.perfsuite.history;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** Hand-built history records: one label whose windows are given, whole-phase values derived. */
final class Records {
  static final Duration WINDOW = Duration.ofSeconds(1);
  private static int runs;

  private Records() {
  }

  static RunIdentity identity(String target, String profile) {
    runs++;
    return new RunIdentity("run-" + runs, Instant.parse("2026-11-01T03:00:00Z").plusSeconds(
        86_400L * runs), "0123456789abcdef", target, profile, "embedded",
        Optional.of(new RunIdentity.JenkinsBuild("perf-nightly", Integer.toString(runs),
            "https://ci.example.org/job/perf-nightly/" + runs + "/")), RunIdentity.CATALOGUE,
        "closed 20 users, think 0s, 36m, 1 engine");
  }

  /** A run of one label whose windows all have {@code samplesPerWindow}, with these p95s. */
  static RunRecord run(String label, long samplesPerWindow, long errorsPerWindow,
      long... p95PerWindow) {
    return run(identity("local", "smoke"), label, samplesPerWindow, errorsPerWindow,
        p95PerWindow);
  }

  static RunRecord run(RunIdentity identity, String label, long samplesPerWindow,
      long errorsPerWindow, long... p95PerWindow) {
    List<LabelRecord.Window> windows = new ArrayList<>();
    Histogram histogram = new Histogram(3);
    for (long p95 : p95PerWindow) {
      windows.add(new LabelRecord.Window(samplesPerWindow, errorsPerWindow, p95, p95 * 2));
      histogram.recordValueWithCount(p95, samplesPerWindow);
    }
    long[] sorted = p95PerWindow.clone();
    Arrays.sort(sorted);
    long median = sorted[sorted.length / 2];
    long samples = samplesPerWindow * p95PerWindow.length;
    LabelRecord record = new LabelRecord(label, samples, errorsPerWindow * p95PerWindow.length,
        median / 2, median, median, median * 2, sorted[sorted.length - 1] * 3, median / 2.0,
        samplesPerWindow * 1000.0 / WINDOW.toMillis(), windows, LabelRecord.encode(histogram));
    return new RunRecord("echo-test", identity, false, Optional.empty(), WINDOW,
        List.of(record));
  }
}
