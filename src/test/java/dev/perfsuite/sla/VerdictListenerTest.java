package dev.perfsuite.sla;

import static dev.perfsuite.sla.Runs.measured;
import static dev.perfsuite.sla.Runs.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A verdict carries what its listeners render; who hears it is the session's business
 * ({@code junit.SessionVerdictsTest}), since judging itself reports nothing.
 */
class VerdictListenerTest {

  @Test
  void shouldExposeTheCellsReportsRenderInColumnOrder() {
    SlaVerdict verdict = Sla.label(Runs.ECHO).p95Below(Duration.ofMillis(500))
        .evaluate(run(measured(Runs.ECHO).build()));

    assertThat(SlaVerdict.COLUMNS).as("columns")
        .containsExactly("Scope", "Metric", "Expected", "Actual", "Verdict", "Detail");
    assertThat(verdict.cells()).as("one row of cells per threshold").hasSize(1)
        .allSatisfy(row -> assertThat(row).hasSameSizeAs(SlaVerdict.COLUMNS));
    assertThat(verdict.cells().get(0).get(0)).as("scope cell").isEqualTo(Runs.ECHO);
  }
}
