package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open model offers a rate with a thread cap, says so when the cap holds it back, and keeps
 * every sample's intended start to the end of the run.
 */
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

  @Test
  void shouldKeepEveryRowsIntendedStartWhenTheRecorderLagsAtTheEnd() throws IOException {
    // A recorder slower than the arrivals (30 ms a sample against one every 20 ms) still holds
    // samples when the users end: the schedule's end must not take their intended start away.
    RunWatcher slowObserver = new RunWatcher() {
      @Override
      public SampleObserver runStarting(RunContext run) {
        return (result, phase, cause, transaction, timing) ->
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
      }
    };
    RunResult result;
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0))) {
      LoadProfile profile = Profiles.smoke().withRampUp(Duration.ZERO).withWarmUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(2)).withTargetRate(50)
          .withMaxThreads(10);
      result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
          List.of(slowObserver)).run(LoadPlan.of("open-slow-recorder", profile,
              httpSampler("GET echo", echo.uri().toString())));
    }
    List<String> incomplete = new ArrayList<>();
    int rows = 0;
    try (JtlRows jtl = JtlRows.open(result.directory().resolve(ResultDirectory.JTL))) {
      for (JtlRows.Row row = jtl.next(); row != null; row = jtl.next()) {
        rows++;
        String intended = row.get("perf_intended_start");
        if (!row.complete() || intended == null || intended.isEmpty()) {
          incomplete.add(row.toString());
        }
      }
    }
    assertThat(rows).as("rows written").isEqualTo(result.overall(Phase.MEASUREMENT).samples())
        .isGreaterThan(60);
    assertThat(incomplete).as("rows without their intended start").isEmpty();
    assertThat(JMeterUtils.getPropDefault("sample_variables", ""))
        .as("sample variables once the run ended").doesNotContain("perf_intended_start");
  }
}
