package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.AmbientFlags;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.reporting.AllureReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * What a reviewer sees on the Allure report, read back from the Allure results the way the report
 * generator reads them: a warn-mode regression lands in a category of the overview although its
 * test passed, and what a scenario class attaches in {@code @AfterAll} (the gateway matrix's
 * figures) is kept as a tear-down fixture of the class's tests.
 *
 * <p>Runs small test classes through the JUnit Platform launcher in this JVM, with Allure's
 * listener, into this JVM's Allure results directory.
 */
class AllureVisibilityTest {
  private static final String INNER = "allure-visibility.inner";
  private static final ObjectMapper JSON = new ObjectMapper();
  static String marker;

  private static void launch(Class<?> type) throws Exception {
    System.setProperty(INNER, "true");
    // The inner scenarios read this JVM's configuration: only the build's history directory and
    // embedded backends, whatever -Dperf.* flags the build carries.
    Map<String, String> flags = Map.of("perf.backends", "embedded", "perf.history.dir",
        PerfConfig.load().history().directory().toString());
    try {
      SummaryGeneratingListener summary = AmbientFlags.with(flags, () -> {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(type)).build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        return listener;
      });
      assertThat(summary.getSummary().getTotalFailureCount()).as("inner tests of %s failed: %s",
          type.getSimpleName(), summary.getSummary().getFailures().stream()
              .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException())
              .toList()).isZero();
      assertThat(summary.getSummary().getTestsSucceededCount()).as("inner tests passed")
          .isPositive();
    } finally {
      System.clearProperty(INNER);
    }
  }

  private static List<JsonNode> results(String suffix) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    try (Stream<Path> files = Files.list(AllureReport.resultsDirectory())) {
      for (Path file : files.filter(f -> f.toString().endsWith(suffix)).toList()) {
        String text = Files.readString(file);
        if (text.contains(marker)) {
          nodes.add(JSON.readTree(text));
        }
      }
    }
    return nodes;
  }

  @Test
  void shouldListAWarnModeRegressionInAnOverviewCategoryWhileTheTestPasses() throws Exception {
    marker = "warned-" + UUID.randomUUID();
    launch(WarnedScenario.class);
    AllureReport.runLevel(Map.of("target", "local"), Map.of());

    List<JsonNode> found = results("-result.json");
    assertThat(found).as("Allure result of the warned test").hasSize(1);
    JsonNode result = found.get(0);
    assertThat(result.path("status").asText()).as("status").isEqualTo("passed");
    String message = result.path("statusDetails").path("message").asText();
    assertThat(message).as("status message").contains("REGRESSION", marker);
    assertThat(passedCategories(message)).as("categories of the passed, warned result")
        .containsExactly(AllureReport.WARNING_CATEGORY);
  }

  @Test
  void shouldListAGeneratorSaturationWarningInItsCategoryWhileTheTestPasses() throws Exception {
    marker = "gen-" + UUID.randomUUID();
    launch(SaturatedScenario.class);
    AllureReport.runLevel(Map.of("target", "local"), Map.of());

    List<JsonNode> found = results("-result.json");
    assertThat(found).as("Allure result of the saturated run's test").hasSize(1);
    JsonNode result = found.get(0);
    assertThat(result.path("status").asText()).as("status").isEqualTo("passed");
    String message = result.path("statusDetails").path("message").asText();
    assertThat(message).as("status message: the saturation warning only")
        .contains("generator saturated", marker).doesNotContain("throughput still rising");
    assertThat(passedCategories(message)).as("categories of the passed, saturated result")
        .containsExactly(AllureReport.SATURATION_CATEGORY);
  }

  /** The categories Allure files a passed result with {@code message} under. */
  private static List<String> passedCategories(String message) throws IOException {
    List<String> categories = new ArrayList<>();
    for (JsonNode category : JSON.readTree(AllureReport.resultsDirectory()
        .resolve("categories.json").toFile())) {
      // Allure's own rule: status listed, and the regex matches the whole message (DOTALL).
      boolean status = false;
      for (JsonNode s : category.path("matchedStatuses")) {
        status |= s.asText().equals("passed");
      }
      if (status && (category.path("messageRegex").isMissingNode() || Pattern.compile(
          category.path("messageRegex").asText(), Pattern.DOTALL).matcher(message).matches())) {
        categories.add(category.path("name").asText());
      }
    }
    return categories;
  }

  @Test
  void shouldKeepWhatAScenarioClassAttachesInAfterAll() throws Exception {
    marker = "figure-" + UUID.randomUUID();
    launch(ClassFigureScenario.class);

    List<JsonNode> containers = results("-container.json");
    List<String> attached = new ArrayList<>();
    for (JsonNode container : containers) {
      for (JsonNode after : container.path("afters")) {
        for (JsonNode attachment : after.path("attachments")) {
          attached.add(attachment.path("name").asText());
          assertThat(AllureReport.resultsDirectory().resolve(attachment.path("source")
              .asText())).as("attachment file").isNotEmptyFile();
        }
      }
    }
    assertThat(attached).as("tear-down attachments of the class").contains(marker);
  }

  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class WarnedScenario {
    @Test
    void shouldPassWithARegressionWarning() {
      AllureReport.warning("echo: REGRESSION in 1 metric(s) against #1 " + marker
          + " (perf.regression=warn)");
    }
  }

  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class SaturatedScenario {
    @Test
    void shouldPassWithASaturationWarning() {
      AllureReport.saturationWarnings(List.of(
          "throughput still rising at the end of warm-up " + marker,
          "generator saturated on 127.0.0.1:1099: Little's law accounts for 14.8 of 50 users "
              + marker));
    }
  }

  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class ClassFigureScenario {
    @Test
    void shouldRunOneCell() {
    }

    @AfterAll
    static void figures(PerfSession perf) {
      AllureReport.png(marker, new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    }
  }
}
