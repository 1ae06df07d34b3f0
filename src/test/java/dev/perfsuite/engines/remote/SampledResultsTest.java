package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** All-samples mode keeps the samples an engine's sender delivers after its test ended. */
class SampledResultsTest {
  private static final String ENGINE = "127.0.0.1:1099";
  private static final LoadProfile TWO_ITERATIONS = Profiles.smoke().withUsers(1)
      .withIterations(2);

  @Test
  void shouldWaitForAnEnginesLastBatchThatArrivesAfterTheEnd() {
    RemoteRun run = new RemoteRun(List.of(ENGINE), Duration.ofSeconds(15), TWO_ITERATIONS);
    run.perEngine(TWO_ITERATIONS);
    SampledResults results = new SampledResults(run, RmiTransport.plain());
    sample(run);
    // JMeter's asynchronous sender: "test ended" first, its last batch after it.
    CompletableFuture<Void> lastBatch = CompletableFuture.runAsync(() -> sample(run),
        CompletableFuture.delayedExecutor(400, TimeUnit.MILLISECONDS));

    results.gather(null);

    assertThat(run.breakdown().samples()).as("samples counted when the run's results are built")
        .containsEntry(ENGINE, 2L);
    assertThat(results.shortfall()).as("no shortfall against the plan").isEmpty();
    lastBatch.join();
  }

  @Test
  void shouldNotWaitWhenTheRunWasStoppedAndItsStopWaitedAlready() {
    RemoteRun run = new RemoteRun(List.of(ENGINE), Duration.ofSeconds(15), TWO_ITERATIONS);
    run.perEngine(TWO_ITERATIONS);
    SampledResults results = new SampledResults(run, RmiTransport.plain());
    results.quiet(System.nanoTime());

    long start = System.nanoTime();
    results.gather(null);

    assertThat(Duration.ofNanos(System.nanoTime() - start)).as("gather after a stop")
        .isLessThan(SampledResults.LATE_SAMPLES);
  }

  private static void sample(RemoteRun run) {
    SampleResult result = new SampleResult();
    result.setThreadName(ENGINE + "-users 1-1");
    result.setSuccessful(true);
    run.breakdown().sample(result, Phase.MEASUREMENT, null, false);
  }
}
