package dev.perfsuite.engines;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fixture for {@link CtrlCIT} and {@link SigTermIT}, never run by the build (the name matches no
 * Surefire or Failsafe include): a 60 s run that the ITs stop from outside with a signal.
 */
class LongRunFixture {

  @Test
  void runsForAMinute() {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(5)))) {
      Engines.embedded(PerfConfig.load().resultsDir(), Duration.ofSeconds(2),
          Duration.ofSeconds(5), List.of(ResultFiles.watcher())).run(LoadPlan.of("ctrl-c",
              Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
                  .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ZERO),
              httpSampler("GET echo", echo.uri().toString())));
    }
  }
}
