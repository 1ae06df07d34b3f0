package dev.perfsuite.junit;

import java.util.List;

/**
 * A scenario test ran load and ended without {@code perf.judge(...)} on a run. It fails the test
 * so that no report shows an unjudged run green: Allure records it as broken with this message
 * (category <em>Not judged</em>), JUnit as failed, as verdict.json says {@code not-judged}.
 */
public final class NotJudgedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  NotJudgedException(List<String> scenarios) {
    super("not judged: " + String.join(", ", scenarios) + " ran without perf.judge(...), so no "
        + "threshold passed. Fix: end the test with perf.judge(sla, result).assertPassed()");
  }
}
