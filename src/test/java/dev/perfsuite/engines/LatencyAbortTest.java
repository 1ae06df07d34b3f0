package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.LatencyRule;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleTiming;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** The latency stop's sliding window on samples fed by hand, with a hand-driven clock. */
class LatencyAbortTest {
  private static final long T0 = 1_700_000_000_000L;
  private final AtomicLong now = new AtomicLong(T0);

  private LatencyAbort abort(String rules) {
    return new LatencyAbort(LatencyRule.parseAll(rules), Duration.ofSeconds(5), now::get);
  }

  /**
   * {@code perSecond} samples in each of {@code seconds} seconds: service time
   * {@code serviceMillis}, each started {@code lagMillis} after its intended start.
   */
  private void feed(SampleObserver observer, Phase phase, int fromSecond, int seconds,
      int perSecond, long serviceMillis, long lagMillis) {
    for (int s = fromSecond; s < fromSecond + seconds; s++) {
      for (int i = 0; i < perSecond; i++) {
        long end = T0 + s * 1000L + i;
        SampleTiming timing = new SampleTiming(end - serviceMillis, end, serviceMillis,
            end - serviceMillis - lagMillis, 0);
        observer.sample(new SampleResult(), phase, null, false, timing);
      }
      now.set(T0 + (s + 1) * 1000L);
    }
  }

  private SampleObserver start(LatencyAbort abort) {
    return abort.runStarting(new RunContext("slow", "run", Profiles.smoke(), Path.of("target"),
        1));
  }

  @Test
  void shouldStopOneWindowAfterP95StaysAboveItsLimit() {
    LatencyAbort abort = abort("p95>800ms");
    SampleObserver observer = start(abort);
    feed(observer, Phase.MEASUREMENT, 0, 4, 20, 1000, 0);
    assertThat(abort.stopRequest()).as("4 s of slow samples, window 5 s").isEmpty();
    feed(observer, Phase.MEASUREMENT, 4, 1, 20, 1000, 0);

    assertThat(abort.stopRequest()).as("a full window at 1000 ms").hasValueSatisfying(why ->
        assertThat(why).contains("latency rule response.p95>800ms breached at",
            "response p95 was 1000 ms over the last 5 s (100 samples)", "perf.abort.latency",
            "results up to here are kept"));
    assertThat(abort.lastBreach()).as("which rule fired and when").hasValueSatisfying(b -> {
      assertThat(b.rule()).hasToString("response.p95>800ms");
      assertThat(b.at()).isEqualTo(Instant.ofEpochMilli(T0 + 5000));
      assertThat(b.actualMillis()).isEqualTo(1000);
    });
  }

  @Test
  void shouldJudgeTheSlidingWindowNotTheWholeRun() {
    LatencyAbort abort = abort("p99>800ms");
    SampleObserver observer = start(abort);
    feed(observer, Phase.MEASUREMENT, 0, 5, 20, 2000, 0);
    feed(observer, Phase.MEASUREMENT, 5, 5, 20, 100, 0);

    assertThat(abort.stopRequest()).as("the slow seconds left the window").isEmpty();
  }

  @Test
  void shouldKeepRunningWhenOnlyTheTailOfTheWindowIsSlow() {
    LatencyAbort abort = abort("p95>800ms");
    SampleObserver observer = start(abort);
    feed(observer, Phase.MEASUREMENT, 0, 5, 100, 100, 0);
    feed(observer, Phase.MEASUREMENT, 5, 1, 3, 1000, 0);

    assertThat(abort.stopRequest()).as("3 slow of ~400 samples: p95 stays fast").isEmpty();
  }

  @Test
  void shouldJudgeServiceAndResponseTimeApart() {
    LatencyAbort service = abort("service.p95>800ms");
    LatencyAbort response = abort("response.p95>800ms");
    SampleObserver both = new Both(start(service), start(response));
    feed(both, Phase.MEASUREMENT, 0, 6, 20, 100, 1500);

    assertThat(service.stopRequest()).as("service time 100 ms").isEmpty();
    assertThat(response.stopRequest()).as("1500 ms behind schedule: response time 1600 ms")
        .hasValueSatisfying(why -> assertThat(why).contains("response p95 was 1600 ms"));
  }

  @Test
  void shouldIgnoreTheWarmUp() {
    LatencyAbort abort = abort("p95>800ms");
    SampleObserver observer = start(abort);
    feed(observer, Phase.WARM_UP, 0, 10, 20, 5000, 0);

    assertThat(abort.stopRequest()).as("a cold warm-up is slow by design").isEmpty();
  }

  @Test
  void shouldNeverStopOnTooFewSamples() {
    LatencyAbort abort = abort("p50>800ms");
    SampleObserver observer = start(abort);
    feed(observer, Phase.MEASUREMENT, 0, 4, 1, 5000, 0);
    feed(observer, Phase.MEASUREMENT, 4, 2, 0, 5000, 0);

    assertThat(abort.stopRequest()).as("4 samples in the window").isEmpty();
  }

  /** Feeds two observers the same samples. */
  private record Both(SampleObserver first, SampleObserver second) implements SampleObserver {
    @Override
    public void sample(SampleResult result, Phase phase, ErrorCause cause,
        boolean transaction) {
      throw new UnsupportedOperationException("the recorder passes timings");
    }

    @Override
    public void sample(SampleResult result, Phase phase, ErrorCause cause,
        boolean transaction, SampleTiming timing) {
      first.sample(result, phase, cause, transaction, timing);
      second.sample(result, phase, cause, transaction, timing);
    }
  }
}
