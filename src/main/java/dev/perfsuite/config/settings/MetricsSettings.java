package dev.perfsuite.config.settings;

import java.net.URI;
import java.time.Duration;

/**
 * Live metrics export of a run.
 *
 * @param export which registry receives the metrics
 * @param host address the Prometheus endpoint binds, loopback by default
 * @param port port of the Prometheus endpoint, 0 for any free port
 * @param otlpUrl collector URL for OTLP push
 * @param step OTLP push interval
 */
public record MetricsSettings(MetricsExport export, String host, int port, URI otlpUrl,
    Duration step) {

  /** Defaults as documented in the keys' reference: no export. */
  public static MetricsSettings defaults() {
    return new MetricsSettings(MetricsExport.NONE, "127.0.0.1", 9464,
        URI.create("http://localhost:4318/v1/metrics"), Duration.ofSeconds(10));
  }
}
