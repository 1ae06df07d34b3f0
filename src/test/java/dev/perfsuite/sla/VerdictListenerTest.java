package dev.perfsuite.sla;

import static dev.perfsuite.sla.Runs.measured;
import static dev.perfsuite.sla.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Judging returns the verdict and tells the registered listeners; it reports nothing itself. */
class VerdictListenerTest {

  @Test
  void shouldSendEveryVerdictToTheRegisteredListenerUntilRemoved() {
    List<String> heard = new ArrayList<>();
    VerdictListener listener = (run, verdict) -> heard.add(run.scenario() + ": "
        + verdict.headline());
    RunResult run = run(measured(Runs.ECHO).build());
    Sla sla = Sla.label(Runs.ECHO).p95Below(java.time.Duration.ofMillis(500));

    Sla.addVerdictListener(listener);
    SlaVerdict verdict;
    try {
      verdict = sla.evaluate(run);
    } finally {
      Sla.removeVerdictListener(listener);
    }
    sla.evaluate(run);

    assertThat(verdict.passed()).as("verdict returned to the caller").isTrue();
    assertThat(heard).as("one verdict heard while registered, none after removal")
        .containsExactly("sla-test: SLA met: 1 of 1 thresholds passed");
  }

  @Test
  void shouldExposeTheCellsReportsRenderInColumnOrder() {
    SlaVerdict verdict = Sla.label(Runs.ECHO).p95Below(java.time.Duration.ofMillis(500))
        .evaluate(run(measured(Runs.ECHO).build()));

    assertThat(SlaVerdict.COLUMNS).as("columns")
        .containsExactly("Scope", "Metric", "Expected", "Actual", "Verdict", "Detail");
    assertThat(verdict.cells()).as("one row of cells per threshold").hasSize(1)
        .allSatisfy(row -> assertThat(row).hasSameSizeAs(SlaVerdict.COLUMNS));
    assertThat(verdict.cells().get(0).get(0)).as("scope cell").isEqualTo(Runs.ECHO);
  }
}
