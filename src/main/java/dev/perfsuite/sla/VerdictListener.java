package dev.perfsuite.sla;

import dev.perfsuite.results.RunResult;

/**
 * Hears every verdict {@link Sla#evaluate} returns, so that a report can show it; this package
 * only judges.
 *
 * <p>Registered by whoever runs the scenarios ({@code junit.PerfSession} puts verdicts on the
 * Allure result) with {@link Sla#addVerdictListener}; called on the evaluating thread, before
 * {@code evaluate} returns, so a failing assertion on the verdict comes after the report.
 */
@FunctionalInterface
public interface VerdictListener {

  /** {@code sla} judged {@code run} and gave {@code verdict}. */
  void judged(RunResult run, SlaVerdict verdict);
}
