package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Opens Allure 3's single-file report ({@code .ci/allure-report --single-file}) straight from
 * disk in headless Chromium and checks that its metrics page shows the suite's per-label figures
 * of this run, and that Allure 3's history carries them across the runs made so far.
 *
 * <p>Runs in {@code mvn verify -Preport-check}; {@code -Dallure.single.file} is the report
 * (default {@code target/allure-single-file/index.html}), {@code -Dallure.single.history} the
 * history file (default {@code .allure3-history.jsonl}) and {@code -Dallure.expected.builds} the
 * runs to expect in it.
 */
@Tag("allure-report")
class AllureSingleFileBrowserIT {
  private static final Path REPORT = Path.of(System.getProperty("allure.single.file",
      "target/allure-single-file/index.html"));
  private static final Path HISTORY = Path.of(System.getProperty("allure.single.history",
      ".allure3-history.jsonl"));
  private static final Path RESULTS = Path.of(System.getProperty("allure.results.dir",
      "allure-results"));
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void shouldShowEveryP95P99RateAndErrorFigureOfTheRunOnTheMetricsPage() throws Exception {
    assertThat(REPORT).as("single-file report from .ci/allure-report --single-file")
        .isRegularFile();
    List<JsonNode> metrics = metrics();
    assertThat(metrics).as("*-perf.json metrics the scenarios wrote in " + RESULTS).isNotEmpty();

    String page = visibleText(HeadlessChromium.dumpDom(
        REPORT.toAbsolutePath().toUri() + "#metrics", Duration.ofSeconds(150)));

    assertThat(page).as("metrics page rendered by Chromium from the one file")
        .contains("Performance metrics");
    for (JsonNode metric : metrics) {
      String shown = number(metric.path("value").asDouble()) + " " + metric.path("unit").asText();
      assertThat(page).as("%s = %s on the metrics page", metric.path("key").asText(), shown)
          .contains(metric.path("title").asText())
          .contains(shown);
    }
  }

  @Test
  void shouldKeepTheMetricsOfEveryRunReportedSoFarInTheHistory() throws IOException {
    int expected = Integer.getInteger("allure.expected.builds", 1);
    List<String> runs = Files.readAllLines(HISTORY).stream().filter(l -> !l.isBlank()).toList();
    long withMetrics = runs.stream().filter(l -> l.contains("/ p99\"")).count();

    assertThat(withMetrics).as("runs in %s carrying the suite's p99 metrics", HISTORY)
        .isGreaterThanOrEqualTo(expected);
  }

  private static List<JsonNode> metrics() throws IOException {
    List<JsonNode> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(RESULTS)) {
      for (Path file : files.filter(f -> f.toString().endsWith("-perf.json")).toList()) {
        JSON.readTree(file.toFile()).forEach(all::add);
      }
    }
    return all;
  }

  /** As Allure prints a value: no trailing zeros, no exponent. */
  private static String number(double value) {
    return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
  }

  /** The rendered metrics view as text: markup dropped, runs of whitespace made one space. */
  private static String visibleText(String dom) {
    int view = dom.indexOf("data-testid=\"metrics-view\"");
    assertThat(view).as("Allure's metrics view in the DOM").isNotNegative();
    return dom.substring(view)
        .replaceAll("(?s)<(script|style)[^>]*>.*?</\\1>", " ")
        .replaceAll("<[^>]+>", " ")
        .replaceAll("\\s+", " ");
  }
}
