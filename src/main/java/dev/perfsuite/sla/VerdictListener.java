package dev.perfsuite.sla;

import dev.perfsuite.results.RunResult;

/**
 * Hears the verdicts a session judged, so that a report can show them; this package only judges.
 *
 * <p>Held by whoever runs the scenarios ({@code junit.PerfSession} puts its verdicts on the
 * Allure result), never by {@link Sla}: two sessions in one JVM each hear their own verdicts.
 * Called on the judging thread before the verdict is returned, so a failing assertion on the
 * verdict comes after the report.
 */
@FunctionalInterface
public interface VerdictListener {

  /** {@code run} was judged and gave {@code verdict}. */
  void judged(RunResult run, SlaVerdict verdict);
}
