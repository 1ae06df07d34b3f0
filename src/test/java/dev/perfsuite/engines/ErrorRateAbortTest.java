package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** The early-stop rule on samples fed by hand, with a hand-driven clock. */
class ErrorRateAbortTest {
  private static final long T0 = 1_700_000_000_000L;
  private final AtomicLong now = new AtomicLong(T0);
  private final ErrorRateAbort abort = new ErrorRateAbort(90, Duration.ofSeconds(5), now::get);
  private final SampleObserver observer = abort.runStarting(new RunContext("dead", "run",
      Profiles.smoke(), Path.of("target"), 1));

  /** {@code perSecond} samples in each of {@code seconds} seconds, {@code failed} failing. */
  private void feed(int fromSecond, int seconds, int perSecond, int failed) {
    for (int s = fromSecond; s < fromSecond + seconds; s++) {
      for (int i = 0; i < perSecond; i++) {
        SampleResult sample = new SampleResult();
        sample.setStampAndTime(T0 + s * 1000L + i, 1);
        sample.setResponseCode("Non HTTP response code: java.net.ConnectException");
        sample.setResponseMessage("Connection refused");
        observer.sample(sample, Phase.WARM_UP, i < failed ? ErrorCause.CONNECT : null, false);
      }
      now.set(T0 + (s + 1) * 1000L);
    }
  }

  @Test
  void shouldStopWhenEveryWindowSecondFailsAboveTheThreshold() {
    feed(0, 4, 100, 100);
    assertThat(abort.stopRequest()).as("4 s of errors, window 5 s").isEmpty();
    feed(4, 2, 100, 100);

    assertThat(abort.stopRequest()).as("6 s of errors, window 5 s").hasValueSatisfying(why ->
        assertThat(why).contains("error rate above 90 % for 5 s", "perf.abort.error-rate",
            "perf.abort.window", "500 of 500 samples failed", "CONNECT",
            "Connection refused", "results up to here are kept"));
  }

  @Test
  void shouldKeepRunningWhenOneSecondRecovers() {
    feed(0, 3, 100, 100);
    feed(3, 1, 100, 50);
    feed(4, 3, 100, 100);

    assertThat(abort.stopRequest()).as("a second at 50 % inside the window").isEmpty();
    feed(7, 3, 100, 100);
    assertThat(abort.stopRequest()).as("5 s at 100 % after the recovered second").isPresent();
  }

  @Test
  void shouldKeepRunningWhenErrorsStayAtTheThreshold() {
    feed(0, 10, 100, 90);

    assertThat(abort.stopRequest()).as("90 % is not above 90 %").isEmpty();
  }

  @Test
  void shouldKeepRunningWhenTooFewSamplesFailed() {
    feed(0, 1, 1, 1);
    feed(1, 9, 0, 0);
    feed(10, 1, 4, 4);

    assertThat(abort.stopRequest()).as("4 failed samples in the window").isEmpty();
  }
}
