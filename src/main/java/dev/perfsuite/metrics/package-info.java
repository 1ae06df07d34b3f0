/**
 * Live metrics through Micrometer while a run lasts: a timer per label and status, errors by cause
 * and active threads ({@link dev.perfsuite.metrics.SampleMetrics}), plus the generator JVM's own
 * metrics, exported to Prometheus or OTLP as {@code perf.metrics.export} says ({@link
 * dev.perfsuite.metrics.LiveMetrics}). The statistics the verdicts use are not computed here but
 * in {@code results}; metrics are for dashboards watching a run.
 */
package dev.perfsuite.metrics;
