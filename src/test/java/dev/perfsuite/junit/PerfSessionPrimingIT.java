package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.Profiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session primes before its first measured run and not again for the same services: one
 * {@code [prime]} line for two runs against the local echo backend.
 */
class PerfSessionPrimingIT {
  @TempDir
  Path dir;

  @Test
  void shouldPrimeOnceBeforeTheFirstRunOfTheSession() throws Exception {
    Map<String, String> settings = Map.of("perf.prime", "1s", "perf.backends", "embedded",
        "perf.results-dir", dir.resolve("results").toString(), "perf.history.dir",
        dir.resolve("history").toString(), "perf.progress.interval", "0s");
    settings.forEach(System::setProperty);
    PrintStream console = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try (PerfSession session = new PerfSession(PerfConfig.load())) {
      LoadPlan plan = LoadPlan.of("session-priming", Profiles.smoke().withWarmUp(Duration.ZERO)
              .withUsers(2).withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(3))
              .withWarmUp(Duration.ofSeconds(1)),
          httpSampler("GET echo", session.service("gateway").toString()));
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      session.run(plan);
      session.run(plan);
    } finally {
      System.setOut(console);
      settings.keySet().forEach(System::clearProperty);
    }
    String output = captured.toString(StandardCharsets.UTF_8);
    System.out.println(output);
    assertThat(output.lines().filter(l -> l.startsWith("[prime] session-priming")))
        .as("priming lines for two runs on the same service").hasSize(1);
    assertThat(output.indexOf("[prime]")).as("primed before the first run's header")
        .isLessThan(output.indexOf("=== session-priming"));
  }
}
