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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * {@code perf.remotes.samples=all}: engines send every sample back to the controller. JMeter wraps
 * the recorder's listener (it is {@code Remoteable}); the per-engine breakdown comes from the
 * thread names, which JMeter prefixes with the engine's {@code host:port}, and the samples double
 * as the watchdog's sign of life ({@link SampleWatchdog}).
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
  /** The longest wait at a run's end for samples the engines' senders still hold. */
  static final Duration LATE_SAMPLES = Duration.ofSeconds(5);
  /** Silence that says the engines' senders are empty. */
  static final Duration SENDERS_DRAINED = Duration.ofMillis(300);

  private final RemoteRun run;
  private final SampleWatchdog watchdog;
  private boolean carrying;
  /** Set once the run was stopped: its stop already waited for the engines' last batches. */
  private volatile boolean stopped;

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

  /**
   * Waits, at most {@link #LATE_SAMPLES}, for samples still in the engines' senders. JMeter's
   * asynchronous sender tells the controller that the test ended before it sends its last batch
   * (JMeter 5.6.3), so a run could end with an engine's last samples on the wire and lose them.
   * Done when every engine delivered what its plan asked and none sent a sample for
   * {@link #SENDERS_DRAINED}.
   */
  @Override
  public List<String> gather(SampleRecorder recorder) {
    long ended = System.nanoTime();
    long deadline = ended + run.wait(LATE_SAMPLES, SENDERS_DRAINED).toNanos();
    while (!stopped && System.nanoTime() < deadline
        && (shortfall().isPresent() || !silentSince(ended, SENDERS_DRAINED))) {
      RemoteRun.sleep(Duration.ofMillis(20));
    }
    return List.of();
  }

  private boolean silentSince(long fromNanos, Duration silence) {
    long newest = run.breakdown().lastSampleNanos().values().stream()
        .mapToLong(Long::longValue).max().orElse(-1);
    return System.nanoTime() - Math.max(newest, fromNanos) > silence.toNanos();
  }

  /** No sample for a while since the stop: the engines' last batches have arrived. */
  @Override
  public boolean quiet(long stoppedNanos) {
    stopped = true;
    return silentSince(stoppedNanos, QUIET_BEFORE_RELEASE);
  }
}
