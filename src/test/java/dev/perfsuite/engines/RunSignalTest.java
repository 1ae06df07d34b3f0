package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.StopReason;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslJmeterEngine;

/**
 * A run the SIGTERM hook had to cancel ends as a stop of the run's own thread.
 *
 * <p>An engine frozen past the stop's wait gets its run cancelled; the run's thread must then
 * finish the run (the summary) before it closes the recorder, not throw past it.
 */
class RunSignalTest {
  @Test
  void shouldEndTheRunInterruptedWhenTheSignalsHookCancelsIt() {
    CompletableFuture<Void> run = new CompletableFuture<>();
    run.cancel(true);

    Optional<StopReason> stop = RunExecution.await(run, Profiles.smoke(), new EngineDriver() {
      @Override
      public int engines() {
        return 1;
      }

      @Override
      public DslJmeterEngine jmeter() {
        throw new UnsupportedOperationException("no run in this test");
      }
    }, List.of());

    assertThat(stop).as("why the cancelled run stopped").map(StopReason::kind)
        .contains(StopReason.Kind.INTERRUPTED);
  }
}
