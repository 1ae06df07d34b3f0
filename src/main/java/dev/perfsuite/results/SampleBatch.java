package dev.perfsuite.results;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The samples of one label and phase that one engine recorded since its previous snapshot. Live
 * observers learn about engine-side aggregated samples through it without seeing each one.
 *
 * @param engine the engine ({@code host:port})
 * @param label sampler label, or {@link LabelSummary#OVERALL} for all non-transaction samples
 * @param phase the phase
 * @param latencies service times (JMeter's elapsed) of the new samples, ms; read it, never change
 *     it
 * @param errorsByCause new failed samples by cause
 * @param activeThreads the engine's highest active-thread count so far
 * @param responses what users saw of the new samples, ms: from the intended start (open model),
 *     or with the closed model's stalls filled in, so it may count more values than
 *     {@code latencies}; read it, never change it
 */
public record SampleBatch(String engine, String label, Phase phase, Histogram latencies,
    Map<ErrorCause, Long> errorsByCause, int activeThreads, Histogram responses) {

  /** A batch whose response times are its service times (no schedule, no stall). */
  public SampleBatch(String engine, String label, Phase phase, Histogram latencies,
      Map<ErrorCause, Long> errorsByCause, int activeThreads) {
    this(engine, label, phase, latencies, errorsByCause, activeThreads, latencies);
  }

  /** True for the all-samplers batch, false for a sampler's own label. */
  public boolean overall() {
    return LabelSummary.OVERALL.equals(label);
  }

  /** How many new samples. */
  public long samples() {
    return latencies.getTotalCount();
  }

  /** How many of them failed. */
  public long errors() {
    return errorsByCause.values().stream().mapToLong(Long::longValue).sum();
  }
}
