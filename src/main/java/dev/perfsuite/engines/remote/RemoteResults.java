package dev.perfsuite.engines.remote;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.SampleRecorder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * How the results of a distributed run come back to the controller ({@code perf.remotes.samples}).
 * {@link AggregatedResults} has each engine aggregate and send snapshots; with
 * {@link SampledResults} every sample crosses RMI. One instance per run; {@link DistributedEngine}
 * drives it.
 */
sealed interface RemoteResults permits AggregatedResults, SampledResults {

  /**
   * The results of {@code run} as {@code aggregation} says; engines that aggregate record with
   * the run's {@code settings}, sent with the plan.
   */
  static RemoteResults of(RemoteRun run, Aggregation aggregation, int localPort,
      RmiTransport transport, RunSettings settings) {
    return aggregation.aggregate()
        ? new AggregatedResults(run, aggregation, localPort, settings)
        : new SampledResults(run, transport);
  }

  /** The listener the plan carries to record samples (on the engines or here). */
  TestPlanChild recorderListener(SampleRecorder recorder, RunContext context);

  /** Called once RMI is configured, just before load: exports what the engines call back. */
  void open();

  /** Releases what {@link #open} exported; safe to call when it was not. */
  void close();

  /** True once every engine has sent a sample. */
  boolean allSampled();

  /**
   * The watchdog's verdict: engines lost or silent since the start, as the run's failure
   * message, or empty while all are well. Adds the lost engines to the run's.
   */
  Optional<String> failure();

  /** Each engine's overall measurement-phase summary, in engine order. */
  Map<String, LabelSummary> engineSummaries();

  /** Engines whose sample count falls short of their share of the plan. */
  Optional<String> shortfall();

  /** Waits (bounded) for what the engines still send at the end; returns the run's warnings. */
  List<String> gather(SampleRecorder recorder);

  /** True when the engines' last results since a stop at {@code stoppedNanos} have arrived. */
  boolean quiet(long stoppedNanos);
}
