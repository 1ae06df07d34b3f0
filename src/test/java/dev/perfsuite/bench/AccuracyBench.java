package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Accuracy: the echo backend answers after a known delay; the suite's reported p50 and p99 are
 * compared with that delay and with exact nearest-rank percentiles recomputed from the raw JTL,
 * and the run is checked against Little's law (users = X * (R + Z)).
 */
final class AccuracyBench {
  private static final int THREADS = 50;

  @Test
  void shouldReportKnownDelaysWhenEchoAnswersLate() {
    BenchSettings settings = BenchSettings.load();
    StringBuilder table = new StringBuilder(String.format(Locale.ROOT, """
        Suite with every listener, %d threads, no think time, %d s, POST 1 KiB; echo jar with \
        `--delay`. Exact = nearest rank over every raw measurement-phase sample of the JTL. \
        Little's law gap = |X * (R + Z) - users| / users.

        | echo delay | samples | req/s | suite p50 | exact p50 | p50 - delay | suite p99 \
        | exact p99 | p99 - delay | Little's-law gap |
        |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
        """, THREADS, settings.accuracyDuration().toSeconds()));
    boolean exact = true;
    for (long delay : new long[] {20, 200}) {
      Map<String, String> r;
      try (LoopbackServer echo = LoopbackServer.echo(settings, Duration.ofMillis(delay))) {
        r = SuiteRuns.suite(settings, "accuracy-" + delay + "ms", echo.uri(), THREADS,
            settings.accuracyDuration(), 1024, "exact=true");
      }
      long p50 = Long.parseLong(r.get("p50"));
      long p99 = Long.parseLong(r.get("p99"));
      exact &= p50 == Long.parseLong(r.get("exactP50")) && p99 == Long.parseLong(r.get("exactP99"));
      table.append(String.format(Locale.ROOT,
          "| %d ms | %s | %s | %d ms | %s ms | %+d ms | %d ms | %s ms | %+d ms | %s %% |%n", delay,
          r.get("exactSamples"), r.get("measuredRps"), p50, r.get("exactP50"), p50 - delay, p99,
          r.get("exactP99"), p99 - delay, r.get("littleGapPct")));
    }
    BenchReport.section(settings, "40-accuracy", "Accuracy", table.toString());
    assertThat(exact).as("suite percentiles equal exact percentiles of the raw JTL").isTrue();
  }
}
