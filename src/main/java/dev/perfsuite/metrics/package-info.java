/**
 * Live metrics through Micrometer while a run lasts, for dashboards watching it. A timer per label
 * and status, errors by cause and active threads ({@link dev.perfsuite.metrics.SampleMetrics}),
 * plus the generator JVM's own metrics, are exported to Prometheus or OTLP as
 * {@code perf.metrics.export} says ({@link dev.perfsuite.metrics.LiveMetrics}). The statistics the
 * verdicts use are not computed here but in {@code results}.
 */
package dev.perfsuite.metrics;
