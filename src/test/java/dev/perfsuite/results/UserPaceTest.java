package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.ArrivalTimer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class UserPaceTest {

  @Test
  void shouldCorrectAStallWithTheUserIntervalKnownBeforeIt() {
    UserPace pace = new UserPace();
    long t = 0;
    for (int i = 0; i < 10; i++) {
      assertThat(pace.timing(t, t + 2, 2, -1, false).isStall()).as("steady sample " + i).isFalse();
      t += 2;
    }
    SampleTiming stalled = pace.timing(t, t + 1000, 1000, -1, false);
    assertThat(stalled.isStall()).as("a 1 s response against a 2 ms rhythm").isTrue();
    assertThat(stalled.expectedIntervalMillis()).as("the user's usual interval").isEqualTo(2);
  }

  @Test
  void shouldNotCallJitterAStall() {
    UserPace pace = new UserPace();
    long t = 0;
    for (int i = 0; i < 10; i++) {
      pace.timing(t, t + 20, 20, -1, false);
      t += 20;
    }
    assertThat(pace.timing(t, t + 90, 90, -1, false).isStall())
        .as("90 ms against 20 ms: over 4x but under 100 ms more").isFalse();
    assertThat(pace.timing(t + 90, t + 130, 130, -1, false).isStall())
        .as("130 ms against 20 ms: a stall").isTrue();
  }

  @Test
  void shouldCallAStallAtTheFloorAgainstTheShortestRhythm() {
    UserPace pace = new UserPace();
    for (long t = 0; t < 10; t++) {
      pace.timing(t, t, 0, -1, false);
    }
    assertThat(pace.timing(10, 110, 100, -1, false).isStall())
        .as("100 ms against 1 ms: under the floor plus the interval").isFalse();
    SampleTiming stalled = pace.timing(110, 211, 101, -1, false);
    assertThat(stalled.isStall()).as("101 ms against 1 ms: a stall").isTrue();
    assertThat(stalled.expectedIntervalMillis()).as("the 1 ms rhythm").isEqualTo(1);
  }

  @Test
  void shouldGiveATransactionTheIntendedStartOfItsFirstRequest() {
    UserPace pace = new UserPace();
    pace.timing(105, 110, 5, 100, false);
    pace.timing(110, 120, 10, 108, false);
    SampleTiming transaction = pace.timing(105, 120, 15, -1, true);
    assertThat(transaction.intendedMillis()).as("the first child's intended start")
        .isEqualTo(100);
  }

  @Test
  void shouldFillInTheRequestsAStalledUserWouldHaveSent() {
    LabelAccumulator accumulator = LabelAccumulator.of("x", Phase.MEASUREMENT);
    for (int i = 0; i < 990; i++) {
      accumulator.add(new SampleTiming(i, i + 2, 2, -1, 0), 0, 0, null, "200");
    }
    accumulator.add(new SampleTiming(990, 1990, 1000, -1, 2), 0, 0, null, "200");
    LabelSummary summary = accumulator.summary();
    assertThat(summary.service().p99()).as("raw p99: one slow sample of 991").isEqualTo(2);
    Histogram response = accumulator.responseHistogram();
    assertThat(response.getTotalCount()).as("991 samples + 499 filled in").isEqualTo(1490);
    assertThat(summary.response().p99()).as("corrected p99").isGreaterThan(900);
    assertThat(summary.stalls()).isEqualTo(1);
  }

  @Test
  void shouldMeasureResponseTimeFromTheIntendedStartAndCountLateStarts() {
    LabelAccumulator accumulator = LabelAccumulator.of("x", Phase.MEASUREMENT);
    accumulator.add(new SampleTiming(1000, 1005, 5, 1000, 0), 0, 0, null, "200");
    accumulator.add(new SampleTiming(1300, 1305, 5, 1010, 0), 0, 0, null, "200");
    LabelSummary summary = accumulator.summary();
    assertThat(summary.service().max()).as("service time").isEqualTo(5);
    assertThat(summary.response().max()).as("end minus intended start").isEqualTo(295);
    assertThat(summary.lateStarts()).as("one start 290 ms late").isEqualTo(1);
    assertThat(summary.maxLagMillis()).isEqualTo(290);
  }

  @Test
  void shouldKeepTheIntendedStartVariableNameInStepWithTheSchedule() {
    assertThat(IntendedStart.VARIABLE).isEqualTo(ArrivalTimer.VARIABLE);
  }
}
