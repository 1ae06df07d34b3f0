package dev.perfsuite.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The generated project's GitHub workflow shows the verdict in the run: its threshold cases
 * through a pinned JUnit report action, and each {@code verdict.json}'s outcome in the job
 * summary, both also when the scenarios failed. {@code .ci/generated-project.sh} runs the verdict
 * step on a real run's files.
 */
class GeneratedWorkflowTest {
  private static final Path WORKFLOW = Path.of("archetype", "src", "main", "resources",
      "archetype-resources", ".github", "workflows", "perf.yml");
  private static final Path SCHEMA = Path.of("docs", "reference", "verdict.schema.json");
  /** An action pinned to a release ({@code @v5.6.2}) or a commit, never a moving major tag. */
  private static final Pattern PINNED = Pattern.compile("[\\w.-]+/[\\w.-]+@(v\\d+\\.\\d+\\.\\d+"
      + "|[0-9a-f]{40})");
  /** A top-level field a jq filter reads: {@code .outcome}, {@code .sla[]}. */
  private static final Pattern JQ_FIELD = Pattern.compile("\\\\\\(\\[?\\.([a-zA-Z]+)");

  @Test
  void shouldPutTheThresholdCasesIntoTheRunsSummaryWithAPinnedAction() throws IOException {
    JsonNode step = step(s -> s.path("uses").asText().startsWith("mikepenz/action-junit-report@"))
        .orElseThrow(() -> new AssertionError("no mikepenz/action-junit-report step in "
            + WORKFLOW));
    String reports = step.path("with").path("report_paths").asText();
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + reports);

    assertThat(step.path("uses").asText()).as("the JUnit report action, pinned by version")
        .matches(PINNED);
    assertThat(step.path("if").asText()).as("the threshold cases also after a failed run")
        .isEqualTo("always()");
    assertThat(matcher.matches(Path.of("target", "failsafe-reports",
        VerdictFiles.reportName("first-scenario"))))
        .as("report_paths %s reads the threshold cases the suite writes", reports).isTrue();
    assertThat(matcher.matches(Path.of("target", "failsafe-reports",
        "TEST-com.example.FirstScenarioIT.xml")))
        .as("report_paths %s leaves failsafe's own report out", reports).isFalse();
    assertThat(step.path("with").path("job_summary").asBoolean(true))
        .as("the report in the job summary").isTrue();
    assertThat(step.path("with").path("include_passed").asBoolean())
        .as("passed thresholds listed too").isTrue();
  }

  @Test
  void shouldWriteEachVerdictsOutcomeToTheJobSummary() throws IOException {
    JsonNode step = step(s -> s.path("run").asText().contains("verdict.json"))
        .orElseThrow(() -> new AssertionError("no step reading verdict.json in " + WORKFLOW));
    String run = step.path("run").asText();
    JsonNode schema = new ObjectMapper().readTree(SCHEMA.toFile());
    List<String> fields = new ArrayList<>();
    Matcher read = JQ_FIELD.matcher(run);
    while (read.find()) {
      fields.add(read.group(1));
    }

    assertThat(step.path("if").asText()).as("the verdicts also after a failed run")
        .isEqualTo("always()");
    assertThat(run).as("the verdict step's script")
        .contains("target/perf-results/*/verdict.json", "$GITHUB_STEP_SUMMARY", "jq ");
    assertThat(fields).as("verdict.json fields the step reads").contains("outcome", "scenario");
    assertThat(schema.path("required").toString()).as("required fields of %s", SCHEMA)
        .contains("\"outcome\"", "\"scenario\"");
    String properties = schema.toString();
    fields.forEach(field -> assertThat(properties)
        .as("%s, read by the workflow's jq, is a field of %s", field, SCHEMA)
        .contains("\"" + field + "\":{"));
  }

  @Test
  void shouldPinEveryActionOfTheWorkflow() throws IOException {
    for (JsonNode step : steps()) {
      if (step.has("uses") && !step.path("uses").asText().startsWith("actions/")) {
        assertThat(step.path("uses").asText()).as("a third-party action, pinned").matches(PINNED);
      }
    }
  }

  private static Optional<JsonNode> step(Predicate<JsonNode> which)
      throws IOException {
    return steps().stream().filter(which).findFirst();
  }

  private static List<JsonNode> steps() throws IOException {
    JsonNode workflow = new YAMLMapper().readTree(WORKFLOW.toFile());
    List<JsonNode> steps = new ArrayList<>();
    workflow.path("jobs").forEach(job -> job.path("steps").forEach(steps::add));
    assertThat(steps).as("steps of %s", WORKFLOW).isNotEmpty();
    return steps;
  }
}
