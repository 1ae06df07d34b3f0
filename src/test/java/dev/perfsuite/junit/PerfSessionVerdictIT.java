package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session's run leaves verdict.json and the per-threshold JUnit XML, both rewritten with the
 * SLA rows once the scenario judges it; a latency rule that never fires leaves no stop.
 */
class PerfSessionVerdictIT {
  @TempDir
  Path dir;

  @Test
  void shouldWriteTheVerdictFilesAfterTheRunAndAgainAfterTheJudgement() throws Exception {
    Path reports = dir.resolve("failsafe-reports");
    Map<String, String> settings = Map.of("perf.prime", "0s", "perf.backends", "embedded",
        "perf.results-dir", dir.resolve("results").toString(), "perf.history.dir",
        dir.resolve("history").toString(), "perf.progress.interval", "0s",
        "perf.junit.reports-dir", reports.toString(), "perf.abort.latency", "p95>5s");
    Map<String, String> before = new HashMap<>();
    settings.keySet().forEach(k -> before.put(k, System.getProperty(k)));
    settings.forEach(System::setProperty);
    JsonNode afterRun;
    RunResult result;
    try (PerfSession session = new PerfSession(PerfConfig.load())) {
      LoadPlan plan = LoadPlan.of("session-verdict", Profiles.smoke().withUsers(2)
              .withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(3))
              .withWarmUp(Duration.ofSeconds(1)),
          httpSampler("GET echo", session.service("gateway").toString()));
      result = session.run(plan);
      afterRun = new ObjectMapper().readTree(result.directory().resolve("verdict.json")
          .toFile());
      session.judge(Sla.overall().samplesAtLeast(1_000_000).errorPercentBelow(1), result);
    } finally {
      // Restores failsafe's own perf.junit.reports-dir for the tests after this one.
      before.forEach((k, v) -> {
        if (v == null) {
          System.clearProperty(k);
        } else {
          System.setProperty(k, v);
        }
      });
    }
    JsonNode judged = new ObjectMapper().readTree(result.directory().resolve("verdict.json")
        .toFile());

    assertThat(afterRun.path("outcome").asText()).as("before any SLA").isEqualTo("not-judged");
    assertThat(afterRun.path("sla")).as("no SLA judged yet").isEmpty();
    assertThat(afterRun.path("regression").path("mode").asText()).isEqualTo("warn");
    assertThat(judged.path("outcome").asText()).as("samples >= 1000000 fails")
        .isEqualTo("failed");
    assertThat(judged.path("sla")).as("two thresholds").hasSize(2);
    assertThat(judged.path("stop").path("rule").isNull()).as("p95>5s never fired").isTrue();
    String xml = Files.readString(reports.resolve("TEST-perf-session-verdict.xml"));
    assertThat(xml).as("one case per threshold").contains("name=\"overall samples &gt;= 1000000\"",
        "message=\"expected &gt;= 1000000, actual ", "name=\"overall error % &lt; 1 %\"");
  }
}
