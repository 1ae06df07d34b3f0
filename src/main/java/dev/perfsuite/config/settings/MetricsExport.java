package dev.perfsuite.config.settings;

/** Where live Micrometer metrics go ({@code perf.metrics.export}). */
public enum MetricsExport {
  /** Metrics are kept in the run only. */
  NONE,
  /** A Prometheus scrape endpoint ({@code /metrics}) open while the run lasts. */
  PROMETHEUS,
  /** Pushed to an OpenTelemetry collector over OTLP/HTTP. */
  OTLP
}
