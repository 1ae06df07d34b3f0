package dev.perfsuite.results;

import org.apache.jmeter.samplers.SampleResult;

/**
 * Sees every sample after the {@link SampleRecorder} classified it, for live views of a run
 * (metrics, progress, timelines).
 *
 * <p>Called from the recorder's own thread, outside the recorder's lock; a sample recorded before
 * the test started or after it ended, and an engine's batches, arrive on the caller's thread.
 * Implementations must be thread-safe and cheap: their cost is paid per sample, and while they
 * run the recorder's queue fills.
 */
public interface SampleObserver {

  /** The test started; phases are measured from {@code originMillis} (epoch ms). */
  default void started(long originMillis) {
  }

  /**
   * One completed sample, with its timing as the recorder judged it.
   *
   * @param result JMeter's sample; read it, never change it
   * @param phase the phase its start time falls in
   * @param cause why it failed, {@code null} when it succeeded
   * @param transaction true for a transaction controller's parent sample, which repeats its
   *     children's time and is kept out of overall counts
   * @param timing when it started, ended and was meant to start (the open model's intended
   *     start, or the closed model's stall correction)
   */
  void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction,
      SampleTiming timing);

  /** One completed sample timed as JMeter measured it: a shorthand for feeding an observer. */
  default void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction) {
    sample(result, phase, cause, transaction, SampleTiming.actual(result));
  }

  /**
   * Samples an engine aggregated since its previous snapshot ({@code perf.remotes.samples=
   * aggregate}): these samples are never passed to {@link #sample} one by one. Called once per
   * label and phase per snapshot, so its cost does not grow with the sample rate.
   */
  default void batch(SampleBatch batch) {
  }

  /** An engine's whole cumulative snapshot, for observers that keep per-engine state. */
  default void engineSnapshot(RecorderSnapshot snapshot) {
  }
}
