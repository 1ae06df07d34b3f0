/**
 * Service-level agreements as values, judged on the measurement phase only. An
 * {@link dev.perfsuite.sla.Sla} is a list of thresholds (p95 below, error percent below, throughput
 * at least, Little's-law gap within, ...) per label or overall. Evaluating one against a run gives
 * a {@link dev.perfsuite.sla.SlaVerdict}, one row per threshold, that reads well in an assertion
 * message. Judging writes no report: a registered {@link dev.perfsuite.sla.VerdictListener} does.
 */
package dev.perfsuite.sla;
