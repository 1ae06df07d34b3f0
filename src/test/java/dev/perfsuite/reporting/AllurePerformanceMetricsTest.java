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
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    assertThat(value(samples, "checkout / GET /echo / p95")).as("response p95").isEqualTo(1150);
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

  /** TOTAL and GET /echo measured alike (service p99 1100, response p99 1300), plus a warm-up. */
  private static RunResult run(LatencyFigure judged) {
    LabelSummary total = measured(LabelSummary.OVERALL);
    LabelSummary echo = measured("GET /echo");
    LabelSummary warmUp = new LabelSummary("GET /echo", Phase.WARM_UP, 10, 0, total.service(), 5,
        1, 1, 0, 999, Map.of(), Map.of());
    return new RunResult("checkout", 10, Duration.ZERO, Duration.ofSeconds(5),
        List.of(total, echo, warmUp), List.of(), Path.of("target"), Optional.empty())
        .judging(judged);
  }

  private static LabelSummary measured(String label) {
    return new LabelSummary(label, Phase.MEASUREMENT, 1000, 5, latencies(1100), 50.5, 12, 3,
        1000, 21_000, Map.of(), Map.of(), latencies(1300), 0, 0, 0);
  }

  /** A distribution whose p95 is 150 ms below {@code p99}. */
  private static LatencyStats latencies(long p99) {
    return new LatencyStats(2, p99 + 100, p99 / 4.0, p99 / 8.0, p99 / 5, p99 / 3, p99 / 2,
        p99 - 150, p99 - 50, p99, p99 + 90);
  }
}
