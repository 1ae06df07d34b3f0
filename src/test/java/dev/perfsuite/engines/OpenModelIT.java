package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The open model offers a rate with a thread cap, and says so when the cap holds it back. */
class OpenModelIT {
  @TempDir
  Path results;

  private RunResult run(double rate, int maxThreads) {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(50)))) {
      LoadProfile profile = Profiles.smoke().withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(4)).withWarmUp(Duration.ofSeconds(1))
          .withTargetRate(rate).withMaxThreads(maxThreads);
      return Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("open-" + maxThreads, profile,
              httpSampler("GET echo", echo.uri().toString())));
    }
  }

  @Test
  void shouldOfferTheTargetRateWhenThreadsSuffice() {
    RunResult result = run(40, 20);
    assertThat(result.overall(Phase.MEASUREMENT).throughput()).as("achieved rate")
        .isBetween(32.0, 48.0);
    assertThat(result.warnings()).as("no cap warning").noneMatch(w -> w.contains("thread cap"));
  }

  @Test
  void shouldWarnWhenTheThreadCapKeepsTheRateBelowTarget() {
    // One thread against a 50 ms backend cannot exceed about 20 req/s.
    RunResult result = run(100, 1);
    assertThat(result.overall(Phase.MEASUREMENT).throughput()).as("capped rate").isLessThan(25);
    assertThat(result.warnings()).as("the results say the cap held the rate back")
        .anyMatch(w -> w.contains("perf.max-threads=1") && w.contains("below the target"));
  }
}
