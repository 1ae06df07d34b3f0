package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-label figures as Allure 3 performance metrics (the {@code -perf.json} file). */
class AllurePerformanceMetricsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldWriteP95P99RateAndErrorsPerMeasuredLabelOfTheJudgedFigure(@TempDir Path dir)
      throws IOException {
    Path file = AllurePerformanceMetrics.write(run(LatencyFigure.RESPONSE), dir);

    assertThat(file.getFileName().toString()).as("Allure 3 reads *-perf.json")
        .endsWith("-perf.json");
    JsonNode samples = JSON.readTree(Files.readString(file));
    assertThat(samples).as("4 figures x (TOTAL, GET /echo); warm-up left out").hasSize(8);
    assertThat(value(samples, "checkout / GET /echo / p95")).as("response p95").isEqualTo(950);
    assertThat(value(samples, "checkout / GET /echo / p99")).as("response p99").isEqualTo(1300);
    assertThat(value(samples, "checkout / TOTAL / rate")).isEqualTo(50.5);
    assertThat(value(samples, "checkout / TOTAL / errors")).isEqualTo(0.5);
    JsonNode p99 = sample(samples, "checkout / GET /echo / p99");
    assertThat(p99.path("title").asText()).isEqualTo("p99 response time");
    assertThat(p99.path("unit").asText()).isEqualTo("ms");
    assertThat(p99.path("better").asText()).isEqualTo("lower");
    assertThat(p99.path("groupTitle").asText()).isEqualTo("checkout / GET /echo");
    assertThat(p99.path("start").asLong()).as("Allure drops samples without start/stop")
        .isEqualTo(1000);
    assertThat(p99.path("stop").asLong()).isEqualTo(21_000);
  }

  @Test
  void shouldTakeServiceTimeWhenVerdictsJudgeServiceTime() throws IOException {
    JsonNode samples = JSON.readTree(AllurePerformanceMetrics.of(run(LatencyFigure.SERVICE)));

    assertThat(value(samples, "checkout / GET /echo / p99")).as("service p99").isEqualTo(1100);
    assertThat(sample(samples, "checkout / GET /echo / p99").path("title").asText())
        .isEqualTo("p99 service time");
  }

  private static double value(JsonNode samples, String key) {
    return sample(samples, key).path("value").asDouble();
  }

  private static JsonNode sample(JsonNode samples, String key) {
    for (JsonNode s : samples) {
      if (key.equals(s.path("key").asText())) {
        return s;
      }
    }
    throw new AssertionError("no metric " + key + " in " + samples);
  }

  private static RunResult run(LatencyFigure judged) {
    LatencyStats service = new LatencyStats(2, 1200, 300, 150, 250, 400, 700, 900, 1000, 1100,
        1190);
    LatencyStats response = new LatencyStats(2, 1500, 350, 180, 260, 420, 800, 950, 1100, 1300,
        1490);
    List<LabelSummary> summaries = new ArrayList<>();
    for (String label : List.of(LabelSummary.OVERALL, "GET /echo")) {
      summaries.add(new LabelSummary(label, Phase.MEASUREMENT, 1000, 5, service, 50.5, 12, 3,
          1000, 21_000, Map.of(), Map.of(), response, 0, 0, 0));
      summaries.add(new LabelSummary(label, Phase.WARM_UP, 10, 0, service, 5, 1, 1, 0, 999,
          Map.of(), Map.of()));
    }
    return new RunResult("checkout", 10, Duration.ZERO, Duration.ofSeconds(5), summaries,
        List.of(), Path.of("target"), false).judging(judged);
  }
}
