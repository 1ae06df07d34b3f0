package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.users.StartReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Priming a cold JVM: bounded, one console line, nothing of it in the measured run's figures or
 * files.
 */
class PrimingIT {
  @TempDir
  Path dir;

  @Test
  void shouldPrimeBrieflyAndKeepItOutOfTheMeasuredRun() throws Exception {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0))) {
      LoadPlan plan = LoadPlan.of("primed-echo", Profiles.smoke().withUsers(2)
          .withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(3))
          .withWarmUp(Duration.ofSeconds(1)), httpSampler("GET echo", echo.uri().toString()));

      long start = System.nanoTime();
      String line = Priming.run(plan, Duration.ofSeconds(2), Duration.ofSeconds(2),
          Duration.ofSeconds(5), RunSettings.defaults());
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      RunResult measured = Engines.embedded(dir, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(plan);

      System.out.println(line);
      assertThat(line).as("one line").doesNotContain("\n").startsWith("[prime] primed-echo: 2 "
          + "users").contains("excluded from every figure").doesNotContain("failed");
      assertThat(Long.parseLong(line.replaceAll(".*, (\\d+) samples.*", "$1")))
          .as("priming samples").isPositive();
      assertThat(took).as("bounded by perf.prime plus start-up").isLessThan(
          Duration.ofSeconds(60));
      long jtlLines;
      try (Stream<String> lines = Files.lines(measured.directory().resolve("results.jtl"))) {
        jtlLines = lines.count() - 1;
      }
      assertThat(measured.starts()).as("user starts of the measured run, priming's not among them")
          .singleElement().extracting(StartReport::users).isEqualTo(2);
      assertThat(jtlLines).as("the measured JTL holds only the measured run's samples")
          .isEqualTo(measured.overall(Phase.WARM_UP).samples()
              + measured.overall(Phase.MEASUREMENT).samples());
      try (Stream<Path> files = Files.list(dir)) {
        assertThat(files.map(p -> p.getFileName().toString())).as("results directory")
            .containsExactly("primed-echo");
      }
    }
  }
}
