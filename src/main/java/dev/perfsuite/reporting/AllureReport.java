package dev.perfsuite.reporting;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.model.StatusDetails;
import io.qameta.allure.util.PropertiesUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a scenario's Allure result shows, from labels to attachments. It shows labels (epic =
 * system, feature = journey, story = profile), parameters, the seed-style summary table and charts
 * on the page itself, and as attachments the tables, charts, JTL and zipped JMeter dashboard; the
 * per-label figures as Allure 3 performance metrics ({@link AllurePerformanceMetrics}); plus the
 * run-level environment, categories and executor files.
 *
 * <p>Every call is a no-op outside a running Allure test case, so engines and tests work without
 * Allure. Text goes through {@link Secrets#mask} before it is written.
 */
public final class AllureReport {
  /** JTLs above this size are referenced by path instead of attached, to keep results small. */
  private static final long MAX_JTL_BYTES = 32L << 20;

  private AllureReport() {
  }

  /** True while JUnit runs a test that Allure records. */
  public static boolean active() {
    return Allure.getLifecycle().getCurrentTestCase().isPresent();
  }

  /**
   * Labels the current test.
   *
   * @param system epic: Sunbird, MOSIP or WSO2
   * @param journey feature: the API or journey
   * @param profile story: the load profile's name
   */
  public static void label(String system, String journey, String profile) {
    if (!active()) {
      return;
    }
    AllureLifecycle lifecycle = Allure.getLifecycle();
    lifecycle.updateTestCase(tc -> {
      // One scenario may run several plans: label it once.
      if (tc.getLabels().stream().noneMatch(l -> "epic".equals(l.getName()))) {
        Allure.epic(system);
        Allure.feature(journey);
        Allure.story(profile);
      }
    });
  }

  /** Adds a parameter to the current test unless it is already there with that value. */
  public static void parameter(String name, Object value) {
    if (!active()) {
      return;
    }
    String text = Secrets.mask(String.valueOf(value));
    boolean[] present = {false};
    Allure.getLifecycle().updateTestCase(tc -> present[0] = tc.getParameters().stream()
        .anyMatch(p -> p.getName().equals(name) && p.getValue().equals(text)));
    if (!present[0]) {
      Allure.parameter(name, text);
    }
  }

  /**
   * Shows a run on the current test, named after the scenario. The summary table and charts go in
   * the description; the tables, charts, JTL and dashboard become attachments.
   */
  public static void run(RunResult run, Path dashboardZip) {
    if (!active()) {
      return;
    }
    String scenario = run.scenario();
    String table = Tables.html(SummaryTable.HEADERS, SummaryTable.rows(run));
    List<Charts.Png> charts = Charts.overTime(run);
    StringBuilder html = new StringBuilder("<h3>").append(Tables.escape(scenario))
        .append("</h3>\n");
    if (!run.warnings().isEmpty()) {
      html.append("<ul>").append(run.warnings().stream()
          .map(w -> "<li>" + Tables.escape(Secrets.mask(w)) + "</li>")
          .collect(Collectors.joining())).append("</ul>\n");
    }
    html.append(table);
    if (!run.engines().isEmpty()) {
      html.append("<h4>Per engine (measurement phase)</h4>\n")
          .append(Tables.html(ResultFiles.PER_ENGINE_HEADERS, ResultFiles.perEngineRows(run)));
    }
    for (Charts.Png chart : charts) {
      html.append("<p><img alt=\"").append(Tables.escape(chart.name()))
          .append("\" style=\"max-width:100%\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(chart.bytes())).append("\"/></p>\n");
    }
    appendDescription(html.toString());
    Allure.addAttachment("Summary table: " + scenario, "text/html",
        Secrets.mask(table), ".html");
    Allure.addAttachment("Summary table: " + scenario + " (CSV)", "text/csv",
        Secrets.mask(Tables.csv(SummaryTable.HEADERS, SummaryTable.rows(run))), ".csv");
    for (Charts.Png chart : charts) {
      Allure.addAttachment(chart.name() + ": " + scenario, "image/png",
          new ByteArrayInputStream(chart.bytes()), ".png");
    }
    Path jtl = ResultDirectory.jtl(run.directory());
    boolean gzip = jtl.getFileName().toString().endsWith(".gz");
    attachFile("JTL: " + scenario, gzip ? "application/gzip" : "text/csv", jtl,
        gzip ? ".jtl.gz" : ".csv");
    if (dashboardZip != null) {
      attachFile("JMeter dashboard: " + scenario, "application/zip", dashboardZip, ".zip");
    }
    AllurePerformanceMetrics.write(run, resultsDirectory());
  }

  /**
   * Marks the current test with a warning that the report's overview shows although the test
   * passed. The text becomes the result's status message, which the category
   * {@value #WARNING_CATEGORY} (matching passed results) picks up. Used for regressions found under
   * {@code perf.regression=warn}.
   */
  public static void warning(String message) {
    if (!active()) {
      return;
    }
    String masked = Secrets.mask(message);
    Allure.getLifecycle().updateTestCase(tc -> {
      if (tc.getStatusDetails() == null) {
        tc.setStatusDetails(new StatusDetails());
      }
      StatusDetails details = tc.getStatusDetails();
      details.setMessage(details.getMessage() == null ? masked
          : details.getMessage() + "\n" + masked);
    });
  }

  /**
   * Puts the run's generator-saturation warnings on the current test as {@link #warning}s. These
   * are the Little's-law gap and the open-model thread cap; the category
   * {@value #SATURATION_CATEGORY} then lists the test even when it passed. Other warnings stay on
   * the test page only.
   */
  public static void saturationWarnings(List<String> runWarnings) {
    runWarnings.stream().filter(w -> SATURATION.matcher(w).matches())
        .forEach(AllureReport::warning);
  }

  /** The category that lists results whose message says the generator was saturated. */
  public static final String SATURATION_CATEGORY = "Generator saturation";
  private static final Pattern SATURATION = Pattern.compile(
      "(?s).*(thread cap|saturat|perf.max-threads).*");

  /** The category that lists passed tests carrying a {@link #warning}. */
  public static final String WARNING_CATEGORY = "Performance regression (warning, test passed)";

  /** Attaches a table under {@code name} as HTML and adds it to the test page. */
  public static void table(String name, String html) {
    if (!active()) {
      return;
    }
    String masked = Secrets.mask(html);
    appendDescription("<h4>" + Tables.escape(name) + "</h4>\n" + masked);
    Allure.addAttachment(name, "text/html", masked, ".html");
  }

  /**
   * Attaches a PNG under {@code name} to whatever Allure records now. It may be a test or a
   * class-level fixture such as {@code @AfterAll} (shown as tear-down of the class's tests).
   */
  public static void png(String name, byte[] png) {
    Allure.addAttachment(name, "image/png", new ByteArrayInputStream(png), ".png");
  }

  /** Adds to the test page; every part of it goes through the mask here, in one place. */
  private static void appendDescription(String html) {
    String masked = Secrets.mask(html);
    Allure.getLifecycle().updateTestCase(tc -> tc.setDescriptionHtml(
        (tc.getDescriptionHtml() == null ? "" : tc.getDescriptionHtml()) + masked));
  }

  private static void attachFile(String name, String type, Path file, String extension) {
    try {
      if (!Files.isRegularFile(file)) {
        return;
      }
      if (Files.size(file) > MAX_JTL_BYTES) {
        Allure.addAttachment(name, "text/plain", "Too large to attach (" + Files.size(file)
            + " bytes): " + file.toAbsolutePath(), ".txt");
        return;
      }
      try (InputStream in = Files.newInputStream(file)) {
        Allure.addAttachment(name, type, in, extension);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot attach " + file, e);
    }
  }

  /** Allure's results directory, as {@code allure.properties} or the system property sets it. */
  public static Path resultsDirectory() {
    return Path.of(PropertiesUtils.loadAllureProperties()
        .getProperty("allure.results.directory", "allure-results"));
  }

  /**
   * Writes the run-level files Allure reads: {@code environment.properties},
   * {@code categories.json}, and {@code executor.json} when Jenkins variables are present.
   */
  public static void runLevel(Map<String, String> environment, Map<String, String> env) {
    Path dir = resultsDirectory();
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("environment.properties"), environment.entrySet().stream()
          .map(e -> e.getKey() + "=" + Secrets.mask(e.getValue()).replace("\\", "\\\\"))
          .collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("categories.json"), CATEGORIES, StandardCharsets.UTF_8);
      if (env.containsKey("BUILD_NUMBER") && env.containsKey("JOB_NAME")) {
        Map<String, String> executor = new LinkedHashMap<>();
        executor.put("name", "Jenkins");
        executor.put("type", "jenkins");
        executor.put("url", env.getOrDefault("JENKINS_URL", ""));
        executor.put("buildOrder", env.get("BUILD_NUMBER"));
        executor.put("buildName", env.get("JOB_NAME") + " #" + env.get("BUILD_NUMBER"));
        executor.put("buildUrl", env.getOrDefault("BUILD_URL", ""));
        executor.put("reportName", "perf-suite");
        executor.put("reportUrl", env.getOrDefault("BUILD_URL", "") + "allure");
        Files.writeString(dir.resolve("executor.json"), executor.entrySet().stream()
            .map(e -> "\"" + e.getKey() + "\": " + ("buildOrder".equals(e.getKey())
                && e.getValue().matches("\\d+") ? e.getValue() : "\"" + json(e.getValue()) + "\""))
            .collect(Collectors.joining(", ", "{", "}\n")), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write Allure run files under " + dir, e);
    }
  }

  private static String json(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  /** Failure categories: the verdict messages of the suite name their cause in these words. */
  private static final String CATEGORIES = """
      [
        {"name": "SLA breach", "matchedStatuses": ["failed"],
         "messageRegex": "(?s).*SLA breached.*",
         "description": "A threshold of the scenario's SLA failed in the measurement phase."},
        {"name": "Error rate", "matchedStatuses": ["failed"],
         "messageRegex": "(?s).*(errorPercent|error %|Error %).*FAIL.*"},
        {"name": "Performance regression", "matchedStatuses": ["failed"],
         "messageRegex": "(?s).*[Rr]egression.*"},
        {"name": "Performance regression (warning, test passed)",
         "matchedStatuses": ["passed"],
         "messageRegex": "(?s).*REGRESSION.*perf.regression=warn.*",
         "description": "perf.regression=warn: passed, but the verdict found a regression."},
        {"name": "Not judged", "matchedStatuses": ["broken", "failed"],
         "messageRegex": "(?s).*not judged: .*",
         "description": "The test ran load without judging its run: no threshold was met."},
        {"name": "Generator saturation", "matchedStatuses": ["failed", "broken", "passed"],
         "messageRegex": "(?s).*(thread cap|saturat|perf.max-threads).*"},
        {"name": "Backend or infrastructure failure", "matchedStatuses": ["broken", "failed"],
         "messageRegex": "(?s).*(backend|Keycloak|PostgreSQL|WireMock|container|Docker|\
      remote engine|could not be configured|Connection refused).*",
         "traceRegex": "(?s).*(BackendException|ContainerLaunchException|ConnectException|\
      RemoteException).*"},
        {"name": "Configuration error", "matchedStatuses": ["broken", "failed"],
         "traceRegex": "(?s).*ConfigException.*"}
      ]
      """;
}
