package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stall bench's yardstick and the tools' stall-run output, read as StallBench reads it. */
class StallTruthTest {
  private static final EchoStall TEN_ONE = EchoStall.parse("10s:1s");
  private static final Duration DELAY = Duration.ofMillis(2);

  @Test
  void shouldGiveTheClosedFormForOneSecondEveryTenSeconds() {
    StallTruth t = StallTruth.steady(TEN_ONE, DELAY);
    assertThat(t.p50()).as("p50: the delay").isEqualTo(2);
    assertThat(t.p90()).as("p90: the delay (90 % never meet a freeze)").isEqualTo(2);
    assertThat(t.p95()).as("p95").isCloseTo(502, within(1e-9));
    assertThat(t.p99()).as("p99").isCloseTo(902, within(1e-9));
    assertThat(t.mean()).as("mean: delay + LENGTH² / (2 PERIOD)").isCloseTo(52, within(1e-9));
  }

  @Test
  void shouldMatchTheClosedFormOverWholePeriodsWhateverTheAlignment() {
    StallTruth steady = StallTruth.steady(TEN_ONE, DELAY);
    for (long from : new long[] {1_700_000_000_000L, 1_700_000_003_217L, 1_700_000_009_999L}) {
      StallTruth t = StallTruth.over(TEN_ONE, DELAY, from, Duration.ofSeconds(40));
      assertThat(t.p95()).as("p95 from %d", from).isCloseTo(steady.p95(), within(1.0));
      assertThat(t.p99()).as("p99 from %d", from).isCloseTo(steady.p99(), within(1.0));
      assertThat(t.mean()).as("mean from %d", from).isCloseTo(steady.mean(), within(0.1));
    }
  }

  @Test
  void shouldIntegrateTheRealWindowWhenItIsNotWholePeriods() {
    // 5 s starting on a freeze: a fifth of the arrivals wait 0..1000 ms, not a tenth.
    StallTruth t = StallTruth.over(TEN_ONE, Duration.ZERO, 1_700_000_000_000L,
        Duration.ofSeconds(5));
    assertThat(t.p90()).as("p90 of a window starting with a freeze").isCloseTo(500, within(1.0));
    // 5 s that miss the freeze entirely: no wait at all.
    StallTruth calm = StallTruth.over(TEN_ONE, Duration.ZERO, 1_700_000_002_000L,
        Duration.ofSeconds(5));
    assertThat(calm.p99()).as("p99 of a window without a freeze").isZero();
  }

  @Test
  void shouldReadWrkCorrectedFiguresAndItsExpectedInterval() {
    String out = """
        Running 40s test @ http://127.0.0.1:4242/echo
          2 threads and 20 connections
        STALL-WRK p50=1.234 p90=2.500 p95=480.100 p99=890.000 mean=48.700
          160000 requests in 40.00s, 20.00MB read
        Requests/sec:   4000.00
        """;
    Map<String, String> r = StallPeers.wrkOutput(out, 20);
    assertThat(r).as("wrk's hook and summary").containsEntry("p99", "890.000")
        .containsEntry("mean", "48.700").containsEntry("samples", "160000")
        .containsEntry("rps", "4000.00").containsEntry("errors", "0");
    assertThat(Double.parseDouble(r.get("intervalMs")))
        .as("run time / requests per connection: 40,000 ms / 8,000").isEqualTo(5.0);
  }

  @Test
  void shouldReadTheSuiteChildsResultLine() {
    String out = """
        WARNING generator behind schedule: 12 of 8000 requests ...
        BENCH-RESULT samples=8000 rp99=903 sp99=12 lateStarts=12 behindWarning=true
        """;
    assertThat(StallPeers.resultLine(out)).as("key=value fields")
        .containsEntry("rp99", "903").containsEntry("sp99", "12")
        .containsEntry("behindWarning", "true");
  }
}
