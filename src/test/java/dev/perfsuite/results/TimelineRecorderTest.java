package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import java.time.Duration;
import org.apache.jmeter.samplers.SampleResult;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The timeline cuts a run into fixed windows per label, keeping transactions out of TOTAL. */
class TimelineRecorderTest {
  private static final int LABELS_MAX = RunSettings.defaults().labelsMax();

  private static SampleResult sample(String label, long start, long elapsed) {
    SampleResult s = SampleResult.createTestSample(start, start + elapsed);
    s.setSampleLabel(label);
    s.setAllThreads(3);
    return s;
  }

  @Test
  void shouldCountSamplesErrorsAndPercentilesPerWindowAndLabel() {
    TimelineRecorder recorder = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
    long origin = 1_000_000L;
    recorder.started(origin);
    for (int i = 0; i < 10; i++) {
      recorder.sample(sample("read", origin + 100 + i, 10 + i), Phase.WARM_UP, null, false);
    }
    recorder.sample(sample("read", origin + 1500, 200), Phase.MEASUREMENT,
        ErrorCause.HTTP_STATUS, false);
    recorder.sample(sample("tx", origin + 1600, 400), Phase.MEASUREMENT, null, true);

    Timeline timeline = recorder.timeline();

    assertThat(timeline.of("read")).extracting(TimelinePoint::offset, TimelinePoint::samples,
        TimelinePoint::errors).containsExactly(
            Tuple.tuple(Duration.ZERO, 10L, 0L),
            Tuple.tuple(Duration.ofSeconds(1), 1L, 1L));
    assertThat(timeline.of("read").get(0).p99Millis()).as("p99 of 10..19 ms").isEqualTo(19);
    assertThat(timeline.of(LabelSummary.OVERALL).get(1).samples())
        .as("transaction sample kept out of TOTAL").isEqualTo(1);
    assertThat(timeline.of("tx")).hasSize(1);
  }

  @Test
  void shouldSettleOldWindowsWithoutChangingTheTimeline() {
    TimelineRecorder recorder = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
    long origin = 1_000_000L;
    recorder.started(origin);
    for (int second = 0; second < 180; second++) {
      for (int i = 0; i < 5; i++) {
        recorder.sample(sample("read", origin + second * 1000L + i, 10 + i + second % 7),
            Phase.MEASUREMENT, i == 0 ? ErrorCause.HTTP_STATUS : null, false);
      }
    }
    // A request that started in a settled window and ends late: merged on read.
    recorder.sample(sample("read", origin + 3_000, 900), Phase.MEASUREMENT, null, false);

    Timeline timeline = recorder.timeline();

    assertThat(recorder.settledWindows()).as("windows a minute behind the newest settled")
        .isGreaterThanOrEqualTo(110);
    assertThat(timeline.of("read")).as("one point per second").hasSize(180);
    assertThat(timeline.of("read").get(3)).as("settled window plus the late sample")
        .extracting(TimelinePoint::samples, TimelinePoint::errors).containsExactly(6L, 1L);
    assertThat(timeline.of("read").get(3).p99Millis()).as("late sample's 900 ms kept")
        .isBetween(890L, 910L);
    assertThat(timeline.of("read").get(100)).as("settled window")
        .extracting(TimelinePoint::samples, TimelinePoint::errors).containsExactly(5L, 1L);
    assertThat(timeline.of("read").get(100).p50Millis()).as("p50 of 12..16 ms (second 100)")
        .isEqualTo(12 + 2);
  }

  @Test
  void shouldKeepAboutThreeHundredWindowsWhateverTheDuration() {
    assertThat(Timeline.windowFor(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(1));
    assertThat(Timeline.windowFor(Duration.ofHours(9))).isEqualTo(Duration.ofSeconds(108));
  }
}
