package dev.perfsuite.engines.remote;

import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSamples;
import java.time.Duration;

/**
 * How remote engines report results: aggregated snapshots or every sample, how often, and
 * whether their JTLs are fetched ({@code perf.remotes.samples}, {@code
 * perf.remotes.snapshot-interval}, {@code perf.remotes.jtl}).
 *
 * @param samples aggregated snapshots (the default) or every sample
 * @param interval how often an engine sends its snapshot
 * @param jtl fetch the engines' JTLs into results.jtl, or keep them on the engines
 */
public record Aggregation(RemoteSamples samples, Duration interval, RemoteJtl jtl) {

  /** Aggregate, every second, JTLs fetched. */
  public static Aggregation defaults() {
    return new Aggregation(RemoteSamples.AGGREGATE, Duration.ofSeconds(1), RemoteJtl.FETCH);
  }

  /** Every sample crosses RMI, as JMeter does by itself. */
  public static Aggregation allSamples() {
    return new Aggregation(RemoteSamples.ALL, Duration.ofSeconds(1), RemoteJtl.FETCH);
  }

  boolean aggregate() {
    return samples == RemoteSamples.AGGREGATE;
  }
}
