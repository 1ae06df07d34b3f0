package dev.perfsuite.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.perfsuite.config.settings.LatencyRule;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.engines.LatencyBreach;
import dev.perfsuite.history.MetricComparison;
import dev.perfsuite.history.MetricComparison.Status;
import dev.perfsuite.history.RegressionMetric;
import dev.perfsuite.history.RegressionVerdict;
import dev.perfsuite.history.RunIdentity;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import dev.perfsuite.sla.Sla;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * verdict.json against its schema ({@code docs/reference/verdict.schema.json}, validated with a
 * JSON Schema 2020-12 validator), and the per-threshold JUnit XML as CI parses it.
 */
class VerdictFilesTest {
  private static final Path SCHEMA = Path.of("docs/reference/verdict.schema.json");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private RunResult run(String scenario, List<String> warnings) {
    return run(scenario, Optional.empty(), warnings);
  }

  private RunResult run(String scenario, Optional<StopReason> stop, List<String> warnings) {
    LatencyStats service = new LatencyStats(2, 1200, 300, 150, 250, 400, 700, 900, 1000, 1100,
        1190);
    LatencyStats response = new LatencyStats(2, 1500, 350, 180, 260, 420, 800, 950, 1100, 1300,
        1490);
    List<LabelSummary> summaries = new ArrayList<>();
    for (String label : List.of(LabelSummary.OVERALL, "GET /echo")) {
      summaries.add(new LabelSummary(label, Phase.MEASUREMENT, 1000, 5, service, 50.5, 12, 3,
          1000, 21_000, Map.of(), Map.of(), response, 0, 0, 0));
      summaries.add(new LabelSummary(label, Phase.WARM_UP, 0, 0, LatencyStats.empty(), 0, 0, 0,
          -1, -1, Map.of(), Map.of()));
    }
    return new RunResult(scenario, 10, Duration.ZERO, Duration.ofSeconds(5), summaries, warnings,
        dir.resolve(scenario), stop);
  }

  private static RegressionVerdict regression(String scenario) {
    RunIdentity now = new RunIdentity("run-2", Instant.parse("2026-01-02T00:00:00Z"), "abc",
        "local", "smoke", "embedded", Optional.empty());
    RunIdentity before = new RunIdentity("run-1", Instant.parse("2026-01-01T00:00:00Z"), "abb",
        "local", "smoke", "embedded", Optional.empty());
    return new RegressionVerdict(scenario, now, Optional.of(before), "previous run", 10, List.of(
        new MetricComparison("TOTAL", RegressionMetric.P95, 600, 950, 58.3, 0.0004, 8, 8, "-",
            Status.REGRESSION, ""),
        new MetricComparison("TOTAL", RegressionMetric.THROUGHPUT, 50, 50.5, -1, Double.NaN, 8, 8,
            "-", Status.OK, ""),
        new MetricComparison("GET /new", RegressionMetric.P99, Double.NaN, 10, Double.NaN,
            Double.NaN, 0, 8, "-", Status.INCONCLUSIVE, "new label")));
  }

  private static RunVerdict judged(RunResult result, RegressionMode mode) {
    return RunVerdict.of(result, Profiles.smoke(), Optional.of(regression(result.scenario())),
        mode, Optional.empty())
        .with(Sla.overall().p95Below(Duration.ofMillis(800)).errorPercentBelow(1)
            .evaluate(result));
  }

  private static Set<ValidationMessage> validate(JsonNode document) throws Exception {
    try (InputStream schema = Files.newInputStream(SCHEMA)) {
      JsonSchema validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
          .getSchema(schema);
      return validator.validate(document);
    }
  }

  @Test
  void shouldWriteVerdictJsonThatTheSchemaAccepts() throws Exception {
    RunResult result = run("checkout", List.of("generator saturated"));
    VerdictFiles.write(judged(result, RegressionMode.WARN), Optional.empty());

    JsonNode verdict = JSON.readTree(result.directory().resolve("verdict.json").toFile());
    assertThat(validate(verdict)).as("schema violations").isEmpty();
    assertThat(verdict.path("outcome").asText()).as("p95 950 ms breaches < 800 ms")
        .isEqualTo("failed");
    assertThat(verdict.path("loadModel").asText()).isEqualTo("closed");
    JsonNode p95 = verdict.path("sla").get(0);
    assertThat(p95.path("expected").asText() + " / " + p95.path("actual").asText())
        .as("p95 row, judged on response time").isEqualTo("< 800 ms / 950 ms");
    assertThat(p95.path("latency").asText()).isEqualTo("response");
    assertThat(p95.path("passed").asBoolean()).isFalse();
    assertThat(verdict.path("sla").get(1).path("latency").isNull()).as("error % has no figure")
        .isTrue();
    assertThat(verdict.path("labels")).as("2 labels x 2 phases").hasSize(4);
    assertThat(verdict.path("labels").get(0).path("service").path("p95").asLong())
        .as("service p95 beside response p95").isEqualTo(900);
    JsonNode warmUp = verdict.path("labels").get(1);
    assertThat(warmUp.path("samples").asLong()).as("a warm-up without samples").isZero();
    assertThat(warmUp.path("response").isNull() && warmUp.path("service").isNull()
        && warmUp.path("throughput").isNull()).as("its latency and rate are null, not -1")
        .isTrue();
    JsonNode metric = verdict.path("regression").path("metrics").get(0);
    assertThat(metric.path("verdict").asText()).isEqualTo("regression");
    assertThat(metric.path("pValue").asDouble()).isEqualTo(0.0004);
    assertThat(verdict.path("regression").path("metrics").get(2).path("baseline").isNull())
        .as("NaN is written as null").isTrue();
    assertThat(verdict.path("warnings").get(0).asText()).isEqualTo("generator saturated");
  }

  @Test
  void shouldRejectADocumentWithoutItsOutcome() throws Exception {
    RunResult result = run("checkout", List.of());
    VerdictFiles.write(judged(result, RegressionMode.WARN), Optional.empty());
    ObjectNode verdict = (ObjectNode) JSON.readTree(
        result.directory().resolve("verdict.json").toFile());
    verdict.remove("outcome");

    assertThat(validate(verdict)).as("the schema checks required fields").isNotEmpty();
  }

  @Test
  void shouldSayWhichLatencyRuleStoppedTheRunAndWhen() throws Exception {
    String why = "latency rule response.p95>800ms breached at 2026-01-02T00:00:10Z ...";
    StopReason stop = StopReason.rule(why);
    RunResult result = run("soak", Optional.of(stop), List.of(stop.warning()));
    LatencyBreach breach = new LatencyBreach(LatencyRule.parse("p95>800ms"),
        Instant.parse("2026-01-02T00:00:10Z"), 1000, Duration.ofSeconds(10), 240);
    VerdictFiles.write(RunVerdict.of(result, Profiles.smoke(), Optional.empty(),
        RegressionMode.OFF, Optional.of(breach)), Optional.empty());

    JsonNode verdict = JSON.readTree(result.directory().resolve("verdict.json").toFile());
    assertThat(validate(verdict)).as("schema violations").isEmpty();
    assertThat(verdict.path("outcome").asText()).isEqualTo("stopped");
    assertThat(verdict.path("stop").path("rule").asText()).isEqualTo("response.p95>800ms");
    assertThat(verdict.path("stop").path("firedAt").asText()).isEqualTo("2026-01-02T00:00:10Z");
    assertThat(verdict.path("stop").path("reason").asText()).isEqualTo(why);
  }

  @Test
  void shouldReadTheStopReasonFromTheResultNotFromWarningText() throws Exception {
    RunResult watchdog = run("overran", Optional.of(StopReason.watchdog(30)), List.of());
    RunResult lookalike = run("lookalike", List.of("run stopped: a warning, not a stop"));
    VerdictFiles.write(RunVerdict.of(watchdog, Profiles.smoke(), Optional.empty(),
        RegressionMode.OFF, Optional.empty()), Optional.empty());
    VerdictFiles.write(RunVerdict.of(lookalike, Profiles.smoke(), Optional.empty(),
        RegressionMode.OFF, Optional.empty()), Optional.empty());

    JsonNode stopped = JSON.readTree(watchdog.directory().resolve("verdict.json").toFile());
    JsonNode completed = JSON.readTree(lookalike.directory().resolve("verdict.json").toFile());
    assertThat(stopped.path("stop").path("reason").asText()).as("the typed reason, no warning")
        .contains("stopped by the watchdog");
    assertThat(stopped.path("stop").path("kind").asText()).isEqualTo("watchdog");
    assertThat(validate(stopped)).as("schema violations").isEmpty();
    assertThat(stopped.path("outcome").asText()).isEqualTo("stopped");
    assertThat(completed.path("stop").path("reason").isNull())
        .as("a warning that reads like a stop is not one").isTrue();
    assertThat(completed.path("interrupted").asBoolean()).isFalse();
  }

  @Test
  void shouldWriteOneJUnitCasePerThresholdAndRegressionMetric() throws Exception {
    RunResult result = run("check out", List.of());
    Path reports = dir.resolve("failsafe-reports");
    VerdictFiles.write(judged(result, RegressionMode.FAIL), Optional.of(reports));

    Path xml = reports.resolve("TEST-perf-check_out.xml");
    assertThat(xml).as("beside failsafe's reports").exists();
    assertThat(result.directory().resolve("thresholds.xml")).hasSameTextualContentAs(xml);
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(xml.toFile());
    Element suite = doc.getDocumentElement();
    assertThat(suite.getAttribute("tests") + " tests, " + suite.getAttribute("failures")
        + " failures, " + suite.getAttribute("skipped") + " skipped")
        .as("2 thresholds + 3 regression metrics").isEqualTo("5 tests, 2 failures, 1 skipped");
    NodeList cases = doc.getElementsByTagName("testcase");
    Element p95 = (Element) cases.item(0);
    assertThat(p95.getAttribute("classname")).isEqualTo("perf.check out.sla");
    assertThat(p95.getAttribute("name")).isEqualTo("overall p95 < 800 ms");
    Element failure = (Element) p95.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message")).as("expected vs actual")
        .isEqualTo("expected < 800 ms, actual 950 ms");
    Element regressed = (Element) cases.item(2);
    assertThat(regressed.getAttribute("name")).isEqualTo("TOTAL p95 vs baseline");
    assertThat(((Element) regressed.getElementsByTagName("failure").item(0))
        .getAttribute("message")).as("regression under perf.regression=fail")
        .startsWith("expected within 10 % of baseline 600 ms, actual 950 ms (58.3 % worse");
    assertThat(((Element) cases.item(4)).getElementsByTagName("skipped").getLength())
        .as("a new label cannot be judged").isEqualTo(1);
  }

  @Test
  void shouldPassARegressionCaseUnderWarn() throws Exception {
    RunResult result = run("warned", List.of());
    VerdictFiles.write(judged(result, RegressionMode.WARN), Optional.empty());

    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(result.directory().resolve("thresholds.xml").toFile());
    assertThat(doc.getDocumentElement().getAttribute("failures"))
        .as("only the p95 threshold fails; the regression only warns").isEqualTo("1");
  }

  @Test
  void shouldAddAFailingRunCompletedCaseForAStoppedRunWithoutSla() throws Exception {
    StopReason stop = StopReason.rule("error rate above 90 %");
    RunResult result = run("stopped", Optional.of(stop), List.of(stop.warning()));
    VerdictFiles.write(RunVerdict.of(result, Profiles.smoke(), Optional.empty(),
        RegressionMode.OFF, Optional.empty()), Optional.empty());

    String xml = Files.readString(result.directory().resolve("thresholds.xml"));
    assertThat(xml).as("the stop is a failed case").contains("name=\"overall run completed\"",
        "message=\"expected the whole profile, actual stopped early\"",
        "error rate above 90 %");
  }

  @Test
  void shouldKeepTheJUnitXmlParseableWhenALabelHoldsControlCharacters() throws Exception {
    assertThat(ThresholdCases.xmlText("GET \u0007/echo\u0000\tok\n"))
        .as("control characters other than tab and line breaks replaced")
        .isEqualTo("GET ?/echo?\tok\n");
  }
}
