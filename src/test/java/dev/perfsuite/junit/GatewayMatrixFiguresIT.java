package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.reporting.AllureReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * The gateway matrix's class-level figures (throughput and p99 against users, attached by its
 * {@code @AfterAll}) reach the Allure results: runs the real scenario class on one small cell
 * (2 users x 50 B, smoke, embedded backends, about 20 s) and reads the results back.
 */
class GatewayMatrixFiguresIT {
  private static final Map<String, String> SETTINGS = Map.of("perf.wso2.users", "2",
      "perf.wso2.sizes", "50", "perf.backends", "embedded", "perf.prime", "0s",
      "perf.results-dir", "target/perf-results-matrix-figures");

  @Test
  void shouldFindTheMatrixFiguresInTheAllureResultsOfTheClass() throws Exception {
    long started = System.currentTimeMillis();
    Map<String, String> before = new HashMap<>();
    SETTINGS.forEach((k, v) -> {
      before.put(k, System.getProperty(k));
      System.setProperty(k, v);
    });
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    try {
      LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass("dev.perfsuite.scenarios.wso2.GatewayEchoMatrixIT")).build(),
          summary);
    } finally {
      before.forEach((k, v) -> {
        if (v == null) {
          System.clearProperty(k);
        } else {
          System.setProperty(k, v);
        }
      });
    }
    assertThat(summary.getSummary().getTestsSucceededCount()).as("matrix cells passed: %s",
        summary.getSummary().getFailures().stream().map(f -> f.getException().toString())
            .toList()).isEqualTo(1);

    ObjectMapper json = new ObjectMapper();
    List<String> figures = new ArrayList<>();
    try (Stream<Path> files = Files.list(AllureReport.resultsDirectory())) {
      for (Path file : files.filter(f -> f.toString().endsWith("-container.json")).toList()) {
        if (Files.getLastModifiedTime(file).toMillis() < started - 1000) {
          continue;
        }
        JsonNode container = json.readTree(file.toFile());
        for (JsonNode after : container.path("afters")) {
          for (JsonNode attachment : after.path("attachments")) {
            assertThat(AllureReport.resultsDirectory().resolve(attachment.path("source")
                .asText())).as("figure file").isNotEmptyFile();
            figures.add(attachment.path("name").asText());
          }
        }
      }
    }
    assertThat(figures).as("tear-down attachments of GatewayEchoMatrixIT")
        .contains("Throughput vs users", "p99 vs users");
  }
}
