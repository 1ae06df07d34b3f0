package dev.perfsuite.sla;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Verdicts judge what users saw unless the run asks for JMeter's service time. */
class LatencyFigureVerdictTest {

  private static RunResult stalledRun() {
    LatencyStats service = new LatencyStats(1, 1000, 3.2, 20, 2, 3, 3, 4, 5, 6, 900);
    LatencyStats response = new LatencyStats(1, 1000, 52, 150, 2, 3, 4, 500, 700, 900, 990);
    LabelSummary overall = new LabelSummary(LabelSummary.OVERALL, Phase.MEASUREMENT, 8000, 0,
        service, 200, 1, 1, 0, 40_000, Map.of(), Map.of(), response, 0, 0, 40);
    return new RunResult("stalled", 20, Duration.ZERO, Duration.ZERO, List.of(overall),
        List.of(), Path.of("."), Optional.empty());
  }

  @Test
  void shouldFailOnResponseTimeByDefaultWhenTheStallHidesFromServiceTime() {
    SlaVerdict verdict = Sla.overall().p99Below(Duration.ofMillis(100)).evaluate(stalledRun());
    assertThat(verdict.passed()).as("p99 < 100 ms judged on response time (900 ms)").isFalse();
    assertThat(verdict.results().get(0).actual()).as("actual p99").isEqualTo(900);
    assertThat(verdict.results().get(0).detail()).as("the row says what it judged")
        .contains("response time", "p99 service time 6 ms");
  }

  @Test
  void shouldJudgeServiceTimeWhenAsked() {
    SlaVerdict verdict = Sla.overall().p99Below(Duration.ofMillis(100))
        .evaluate(stalledRun().judging(LatencyFigure.SERVICE));
    assertThat(verdict.passed()).as("p99 < 100 ms judged on service time (6 ms)").isTrue();
    assertThat(verdict.results().get(0).detail()).contains("perf.sla.latency=service");
  }

  @Test
  void shouldReadTheClosedModelsNamesAsAliases() {
    assertThat(LatencyFigure.parse("corrected")).isEqualTo(LatencyFigure.RESPONSE);
    assertThat(LatencyFigure.parse("RAW")).isEqualTo(LatencyFigure.SERVICE);
  }
}
