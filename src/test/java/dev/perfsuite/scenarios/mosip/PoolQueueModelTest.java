package dev.perfsuite.scenarios.mosip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PoolQueueModelTest {

  @Test
  void shouldNeverWaitWithOneUser() {
    PoolQueueModel model = new PoolQueueModel(1, 1, 2.0, 0.1, 0.3);
    assertThat(model.mvaWait()).isCloseTo(0, within(1e-12));
    assertThat(model.mvaThroughput()).as("2 requests per 2.4 s journey")
        .isCloseTo(2 / 2.4, within(1e-9));
    assertThat(model.boundThroughput()).isCloseTo(2 / 2.4, within(1e-9));
  }

  @Test
  void shouldMatchTheClassicMachineRepairmanWithOneServer() {
    // One server, two users, no think time, hold 1 s per visit: the second user always waits
    // for the first, so each visit waits 1 s and the server is always busy.
    PoolQueueModel model = new PoolQueueModel(2, 1, 0, 1, 1);
    assertThat(model.mvaThroughput()).isCloseTo(1.0, within(1e-9));
    assertThat(model.mvaWait()).isCloseTo(1.0, within(1e-9));
    assertThat(model.boundWait()).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void shouldAgreeWithTheBoundDeepInSaturationAndWaitMoreNearTheKnee() {
    PoolQueueModel saturated = new PoolQueueModel(20, 2, 2.0, 0.15, 0.2);
    assertThat(saturated.users()).isGreaterThan((int) saturated.saturationUsers());
    assertThat(saturated.mvaWait()).isCloseTo(saturated.boundWait(), within(0.03));
    assertThat(saturated.mvaThroughput()).isCloseTo(2 * 2 / 0.35, within(0.2));

    PoolQueueModel knee = new PoolQueueModel(20, 6, 2.0, 0.15, 0.2);
    assertThat(knee.boundWait()).isZero();
    assertThat(knee.mvaWait()).isPositive().isLessThan(0.05);
    assertThat(knee.mvaThroughput()).isLessThanOrEqualTo(knee.boundThroughput());
  }
}
