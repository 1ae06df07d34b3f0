package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The default verdict of a JMX without an SLA file, read through its transactions (item 5). */
class PlanVerdictTest {
  private static final PlanVerdict LOGIN_AND_BROWSE = new PlanVerdict(1.0,
      Set.of("Login", "Browse"), Set.of("POST login", "GET token", "GET page"));

  private static LabelSummary measured(String label, long samples, long errors) {
    return new LabelSummary(label, Phase.MEASUREMENT, samples, errors, LatencyStats.empty(), 0,
        0, 0, -1, -1, Map.of(), Map.of());
  }

  private static RunResult run(LabelSummary... labels) {
    List<LabelSummary> all = new ArrayList<>(List.of(labels));
    long samples = all.stream().mapToLong(LabelSummary::samples).sum();
    all.add(0, measured(LabelSummary.OVERALL, samples, 0));
    return new RunResult("plan", 1, Duration.ZERO, Duration.ZERO, all, List.of(), Path.of("."),
        Optional.empty());
  }

  @Test
  void shouldFailWhenTransactionsFailAlthoughTheirFewChildrenHardlyShow() {
    RunResult result = run(measured("Login", 10, 6), measured("POST login", 10, 0),
        measured("GET token", 10, 6), measured("GET page", 500, 0), measured("Browse", 10, 0));
    assertThat(LOGIN_AND_BROWSE.failures(result))
        .as("6 of 20 transactions failed: 30 %, while only 6 of 530 samplers failed")
        .singleElement().asString().contains("overall errors 30.00 %").contains("6 of 20");
  }

  @Test
  void shouldNameTheCausesOfFailuresAndTheFixOfTheFirst() {
    LabelSummary asserted = new LabelSummary("GET home", Phase.MEASUREMENT, 10, 10,
        LatencyStats.empty(), 0, 0, 0, -1, -1,
        Map.of(ErrorCause.ASSERTION, 8L, ErrorCause.CONNECT, 2L), Map.of());
    assertThat(LOGIN_AND_BROWSE.failures(run(asserted))).singleElement().asString()
        .as("the plan's assertions rejected a stand-in's answers: said so, with the fix")
        .contains("by cause: assertion 8, connect 2")
        .contains("Fix: the plan's own assertions reject the responses");
  }

  @Test
  void shouldFailWhenATransactionFailedEveryTime() {
    RunResult result = run(measured("Login", 2, 2), measured("Browse", 500, 0));
    assertThat(LOGIN_AND_BROWSE.failures(result))
        .anyMatch(f -> f.contains("transaction 'Login' failed every time (2 of 2)"));
  }

  @Test
  void shouldJudgeLabelsAsSampledNotAsElementsNameThem() {
    RunResult result = run(measured("Login", 5, 0), measured("Browse", 5, 0),
        measured("renamed by a Java sampler", 20, 0));
    assertThat(LOGIN_AND_BROWSE.failures(result))
        .as("a renamed label counts; the plan's names need not all appear").isEmpty();
  }

  @Test
  void shouldFailWhenNothingWasMeasured() {
    assertThat(LOGIN_AND_BROWSE.failures(run())).containsExactly("no sample was measured");
  }
}
