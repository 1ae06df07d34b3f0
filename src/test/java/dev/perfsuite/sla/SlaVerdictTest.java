package dev.perfsuite.sla;

import static dev.perfsuite.sla.Runs.ECHO;
import static dev.perfsuite.sla.Runs.measured;
import static dev.perfsuite.sla.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlaVerdictTest {

  private static SlaVerdict mixedVerdict() {
    RunResult run = run(
        measured(LabelSummary.OVERALL).errors(50,
            Map.of(ErrorCause.CONNECT, 40L, ErrorCause.HTTP_STATUS, 10L), Map.of("503", 10L))
            .build(),
        measured(ECHO).p99Millis(120).throughput(100).build());
    return Sla.overall().errorPercentBelow(1.0)
        .and(Sla.label(ECHO).p99Below(Duration.ofMillis(500)).throughputAbove(50.0))
        .evaluate(run);
  }

  @Test
  void shouldRenderEveryThresholdWhenOnlySomeFail() {
    String table = mixedVerdict().table();

    assertThat(table.lines().toList()).as("header, rule and one line per threshold:%n%s", table)
        .hasSize(5);
    assertThat(table.lines().findFirst().orElseThrow()).as("header")
        .isEqualTo("Scope           | Metric     | Expected   | Actual    | Verdict | Detail");
    assertThat(table).as("table")
        .contains("overall         | error %    | < 1 %      | 5 %       | FAIL    | 50 of 1000")
        .contains(ECHO + " | p99        | < 500 ms   | 120 ms    | PASS    | 1000 samples")
        .contains(ECHO
            + " | throughput | > 50 req/s | 100 req/s | PASS    | 1000 samples over 10 s");
  }

  @Test
  void shouldAlignColumnsWhenCellsDifferInWidth() {
    List<String> lines = mixedVerdict().table().lines().toList();

    for (String line : lines) {
      assertThat(line.indexOf(line.contains("-+-") ? "-+-" : " | "))
          .as("first column separator in '%s'", line).isEqualTo(ECHO.length());
    }
    assertThat(lines).as("lines carry no trailing blanks")
        .allMatch(l -> l.equals(l.stripTrailing()));
  }

  @Test
  void shouldStartAssertionMessageWithFailureCountWhenBreached() {
    SlaVerdict verdict = mixedVerdict();

    assertThatThrownBy(verdict::assertPassed).as("breach message")
        .isInstanceOf(AssertionError.class)
        .hasMessage("SLA breached: 1 of 3 thresholds failed\n" + verdict.table());
  }

  @Test
  void shouldRenderMarkdownTableWhenAttachingToReports() {
    String markdown = mixedVerdict().markdown();

    assertThat(markdown.lines().toList()).as("markdown:%n%s", markdown).containsExactly(
        "| Scope | Metric | Expected | Actual | Verdict | Detail |",
        "| --- | --- | --- | --- | --- | --- |",
        "| overall | error % | < 1 % | 5 % | FAIL "
            + "| 50 of 1000 failed: CONNECT 40, HTTP_STATUS 10 (503 x10) |",
        "| " + ECHO + " | p99 | < 500 ms | 120 ms | PASS | 1000 samples, response time |",
        "| " + ECHO + " | throughput | > 50 req/s | 100 req/s | PASS | 1000 samples over 10 s |");
  }

  @Test
  void shouldEscapePipesWhenLabelContainsThem() {
    RunResult run = run(measured("GET /a|b").build());

    String markdown = Sla.label("GET /a|b").p99Below(Duration.ofMillis(500)).evaluate(run)
        .markdown();

    assertThat(markdown).as("markdown row").contains("| GET /a\\|b | p99 |");
  }

  @Test
  void shouldShowMoreDigitsWhenRoundingHidesBreach() {
    // 1000 errors in 100,001 samples is 0.99999 %, which two decimals would print as "1 %".
    RunResult run = run(measured(LabelSummary.OVERALL).samples(100_001)
        .errors(1000, Map.of(ErrorCause.OTHER, 1000L), Map.of()).build());

    SlaVerdict verdict = Sla.overall().errorPercentBelow(0.9999).evaluate(run);

    assertThat(verdict.passed()).as("0.99999 % against < 0.9999 %").isFalse();
    assertThat(verdict.results().get(0).actualText()).as("actual cell")
        .isNotEqualTo("1 %").startsWith("0.9999");
  }

  @Test
  void shouldSummarizeWhenPrinted() {
    SlaVerdict verdict = Sla.overall().p99Below(Duration.ofMillis(500))
        .evaluate(run(measured(LabelSummary.OVERALL).build()));

    assertThat(verdict.toString()).as("toString of a passing verdict")
        .startsWith("SLA met: 1 of 1 thresholds passed\n");
  }
}
