package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.profiles.ArrivalTimer;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.SampleRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code perf.remotes.samples=all}: JMeter wraps the recorder's listener (it is
 * {@code Remoteable}) so that engines send every sample back; the per-engine breakdown comes
 * from the thread names, which JMeter prefixes with the engine's {@code host:port}, and the
 * samples double as the watchdog's sign of life ({@link SampleWatchdog}).
 *
 * <p>Under the open model the intended start rides in each sample event as a sample variable, and
 * an event read here finds its variables by this JVM's {@code sample_variables} list: the
 * controller carries the same list as the engines for the run, or every response time would be
 * measured from the sample's own start and hide the queueing (coordinated omission). Trap: a
 * {@code sample_variables} set by hand must be the same on the controller and every engine, as
 * in plain JMeter.
 */
final class SampledResults implements RemoteResults {
  private static final Logger LOG = LoggerFactory.getLogger(SampledResults.class);
  private static final Duration QUIET_BEFORE_RELEASE = Duration.ofSeconds(2);

  private final RemoteRun run;
  private final SampleWatchdog watchdog;
  private boolean carrying;

  SampledResults(RemoteRun run, RmiTransport transport) {
    this.run = run;
    this.watchdog = new SampleWatchdog(run, transport);
  }

  @Override
  public TestPlanChild recorderListener(SampleRecorder recorder, RunContext context) {
    return recorder.listener();
  }

  @Override
  public void open() {
    // Nothing to export: the samples arrive through JMeter's own listener wrapper.
    if (run.perEngine().model() == LoadModel.OPEN) {
      ArrivalTimer.carryIntendedStart();
      carrying = true;
    } else {
      // JMeter keeps the names in static state, which outlives an earlier open-model run's
      // properties: left there, every event of this run, which carries no such value, would fail
      // to read ("Check the sample_variable settings!") and be lost.
      ArrivalTimer.stopCarryingIntendedStart();
    }
  }

  @Override
  public void close() {
    // Nothing was exported; later runs in this JVM must not carry a variable they do not set.
    if (carrying) {
      ArrivalTimer.stopCarryingIntendedStart();
      carrying = false;
    }
  }

  @Override
  public boolean allSampled() {
    return run.breakdown().lastSampleNanos().values().stream().allMatch(n -> n > 0);
  }

  @Override
  public Optional<String> failure() {
    return watchdog.failure();
  }

  @Override
  public Map<String, LabelSummary> engineSummaries() {
    long unattributed = run.breakdown().unattributed();
    if (unattributed > 0) {
      LOG.warn("{} samples came from no engine of perf.remotes (thread names without a "
          + "host:port- prefix)", unattributed);
    }
    return run.breakdown().summaries();
  }

  @Override
  public Optional<String> shortfall() {
    return PlannedSamples.shortfall(run.perEngine(), run.breakdown().samples(),
        run.breakdown().threads());
  }

  @Override
  public List<String> gather(SampleRecorder recorder) {
    return List.of();
  }

  /** No sample for a while since the stop: the engines' last batches have arrived. */
  @Override
  public boolean quiet(long stoppedNanos) {
    long newest = run.breakdown().lastSampleNanos().values().stream()
        .mapToLong(Long::longValue).max().orElse(-1);
    long since = Math.max(newest, stoppedNanos);
    return System.nanoTime() - since > QUIET_BEFORE_RELEASE.toNanos();
  }
}
