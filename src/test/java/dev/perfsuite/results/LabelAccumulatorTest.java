package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LabelAccumulatorTest {
  private static final double[] LEVELS = {50, 75, 90, 95, 98, 99, 99.9};

  private static LabelSummary summarise(long[] elapsed) {
    LabelAccumulator accumulator = new LabelAccumulator("echo", Phase.MEASUREMENT);
    long start = 1_000_000L;
    for (int i = 0; i < elapsed.length; i++) {
      accumulator.add(start + i, start + i + elapsed[i], elapsed[i], 100, 50, null, "200");
    }
    return accumulator.summary();
  }

  private static void assertExact(long[] samples, LabelSummary summary) {
    ExactPercentiles truth = new ExactPercentiles(samples);
    for (double level : LEVELS) {
      assertThat(summary.latency().percentile(level))
          .as("p%s of %d samples against nearest rank", level, samples.length)
          .isEqualTo(truth.at(level));
    }
    assertThat(summary.latency().mean()).as("mean").isCloseTo(truth.mean(), within(1e-9));
    assertThat(summary.latency().stdDev()).as("population std dev")
        .isCloseTo(truth.populationStdDev(), within(1e-6));
    assertThat(summary.latency().min()).as("min")
        .isEqualTo(LongStream.of(samples).min().orElseThrow());
    assertThat(summary.latency().max()).as("max")
        .isEqualTo(LongStream.of(samples).max().orElseThrow());
  }

  @Test
  void shouldMatchNearestRankOnOneToHundred() {
    long[] samples = LongStream.rangeClosed(1, 100).toArray();
    LabelSummary summary = summarise(samples);
    assertThat(summary.latency().p50()).as("p50 of 1..100").isEqualTo(50);
    assertThat(summary.latency().p90()).as("p90 of 1..100").isEqualTo(90);
    assertThat(summary.latency().p99()).as("p99 of 1..100").isEqualTo(99);
    assertThat(summary.latency().p999()).as("p99.9 of 1..100").isEqualTo(100);
    assertExact(samples, summary);
  }

  @Test
  void shouldMatchNearestRankOnBimodalDistribution() {
    // 90 % fast answers around 5 ms, 10 % slow ones around 200 ms: the case where estimators
    // that interpolate (P-square) put p90..p95 in the empty gap between the modes.
    Random random = new Random(42);
    long[] samples = new long[10_000];
    for (int i = 0; i < samples.length; i++) {
      samples[i] = i % 10 == 0 ? 180 + random.nextInt(41) : 3 + random.nextInt(5);
    }
    LabelSummary summary = summarise(samples);
    assertExact(samples, summary);
    assertThat(summary.latency().p90()).as("p90 sits in the fast mode").isBetween(3L, 7L);
    assertThat(summary.latency().p95()).as("p95 sits in the slow mode").isBetween(180L, 220L);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 7, 999, 1000, 1001, 12_345})
  void shouldMatchNearestRankForAnySampleCount(int count) {
    Random random = new Random(count);
    long[] samples = random.longs(count, 0, 2000).toArray();
    assertExact(samples, summarise(samples));
  }

  @Test
  void shouldStayWithinHistogramPrecisionAboveTwoSeconds() {
    Random random = new Random(7);
    long[] samples = random.longs(5000, 2_000, 60_000).toArray();
    LabelSummary summary = summarise(samples);
    ExactPercentiles truth = new ExactPercentiles(samples);
    for (double level : LEVELS) {
      assertThat((double) summary.latency().percentile(level))
          .as("p%s within 3 significant digits", level)
          .isCloseTo(truth.at(level), within(truth.at(level) * 0.001 + 1));
    }
  }

  @Test
  void shouldComputeThroughputOverFirstStartToLastEnd() {
    LabelAccumulator accumulator = new LabelAccumulator("x", Phase.MEASUREMENT);
    // 11 samples started every 100 ms, each 50 ms long: span 0..1050 ms.
    for (int i = 0; i <= 10; i++) {
      accumulator.add(10_000 + i * 100L, 10_050 + i * 100L, 50, 2048, 1024, null, "200");
    }
    LabelSummary summary = accumulator.summary();
    assertThat(summary.throughput()).as("11 samples / 1.05 s").isCloseTo(11 / 1.05, within(1e-9));
    assertThat(summary.receivedKBps()).as("22 KiB / 1.05 s").isCloseTo(22 / 1.05, within(1e-9));
    assertThat(summary.sentKBps()).as("11 KiB / 1.05 s").isCloseTo(11 / 1.05, within(1e-9));
    assertThat(summary.littlesLaw()).as("X * R / 1000").isCloseTo(11 / 1.05 * 50 / 1000,
        within(1e-9));
  }

  @Test
  void shouldCountErrorsByCauseAndStatus() {
    LabelAccumulator accumulator = new LabelAccumulator("x", Phase.MEASUREMENT);
    accumulator.add(0, 1, 1, 0, 0, null, "200");
    accumulator.add(0, 1, 1, 0, 0, ErrorCause.HTTP_STATUS, "503");
    accumulator.add(0, 1, 1, 0, 0, ErrorCause.HTTP_STATUS, "503");
    accumulator.add(0, 1, 1, 0, 0, ErrorCause.CONNECT, "Non HTTP response code: x");
    LabelSummary summary = accumulator.summary();
    assertThat(summary.errors()).as("errors").isEqualTo(3);
    assertThat(summary.errorPercent()).as("error %").isEqualTo(75.0);
    assertThat(summary.errorsByCause()).as("by cause")
        .containsEntry(ErrorCause.HTTP_STATUS, 2L).containsEntry(ErrorCause.CONNECT, 1L);
    assertThat(summary.errorsByStatus()).as("by status").containsOnlyKeys("503");
  }

  @Test
  void shouldReportMinusOneWhenEmpty() {
    LabelSummary summary = new LabelAccumulator("x", Phase.WARM_UP).summary();
    assertThat(summary.samples()).isZero();
    assertThat(summary.latency().p99()).as("p99 of nothing").isEqualTo(-1);
  }
}
