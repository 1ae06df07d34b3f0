package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.settings.LatencyRule;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.verdict.RunVerdict;
import dev.perfsuite.verdict.VerdictFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against the local echo backend answering in 300 ms stops once the service p95 over a
 * 2 s window exceeds 200 ms, instead of running its 60 s hold; the summary is kept and the
 * verdict (and verdict.json) names the rule and when it fired.
 */
class LatencyAbortIT {
  @TempDir
  Path dir;

  @Test
  void shouldStopWithinAWindowOfALatencyBreachAndSayWhichRuleFired() throws Exception {
    // 4 users, 60 s hold: without the latency stop the run takes a minute.
    LoadProfile profile = Profiles.smoke().withUsers(4).withRampUp(Duration.ZERO)
        .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ofSeconds(1));
    LatencyAbort abort = LatencyAbort.when(List.of(LatencyRule.parse("service.p95>200ms")),
        Duration.ofSeconds(2));
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(300)))) {
      LoadEngine engine = Engines.embedded(dir, Duration.ofSeconds(2), Duration.ofSeconds(5),
          List.of(ResultFiles.watcher(), abort));

      long start = System.nanoTime();
      RunResult result = engine.run(LoadPlan.of("slow-echo", profile,
          httpSampler("GET slow", echo.uri().toString())));
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      System.out.println("stopped after " + took.toMillis() + " ms: " + result.warnings());

      assertThat(took).as("1 s warm-up + 2 s window + polling, not the 60 s hold")
          .isLessThan(Duration.ofSeconds(20));
      assertThat(result.interrupted()).as("reported as stopped early").isTrue();
      assertThat(result.warnings()).as("why the run stopped").anyMatch(w -> w.startsWith(
          "run stopped: latency rule service.p95>200ms breached at"));
      assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples kept").isPositive();
      assertThat(dir.resolve("slow-echo").resolve("summary.csv")).as("summary kept").exists();
      assertThat(abort.lastBreach()).as("the rule that fired").hasValueSatisfying(b ->
          assertThat(b.actualMillis()).as("service p95 of a 300 ms echo").isBetween(300L, 600L));

      VerdictFiles.write(RunVerdict.of(result, profile, Optional.empty(), RegressionMode.OFF,
          abort.lastBreach()).with(Sla.overall().p95Below(Duration.ofSeconds(1))
          .evaluate(result)), Optional.empty());
      JsonNode verdict = new ObjectMapper().readTree(
          dir.resolve("slow-echo").resolve(VerdictFiles.VERDICT_JSON).toFile());
      assertThat(verdict.path("outcome").asText()).isEqualTo("stopped");
      assertThat(verdict.path("stop").path("rule").asText()).isEqualTo("service.p95>200ms");
      assertThat(verdict.path("stop").path("firedAt").asText()).as("when it fired").isNotEmpty();
    }
  }
}
