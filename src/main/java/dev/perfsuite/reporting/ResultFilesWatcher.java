package dev.perfsuite.reporting;

import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Writes every run's summary files and console table when it ends ({@link ResultFiles#watcher}).
 *
 * <p>The phase origin that {@code run.properties} records is the one the recorder announces to
 * its observers when the test starts (or, in a distributed run, with the first engine snapshot);
 * a run that never started keeps -1, as the recorder does.
 */
final class ResultFilesWatcher implements RunWatcher {
  private final Map<String, Origin> origins = new ConcurrentHashMap<>();

  @Override
  public SampleObserver runStarting(RunContext run) {
    origins.values().removeIf(o -> o.ended);
    Origin origin = new Origin();
    origins.put(run.runId(), origin);
    return origin;
  }

  @Override
  public void runEnded(RunContext run, RunResult result) {
    // Kept until the next run starts: a Ctrl-C can end the same run twice (hook and worker).
    Origin origin = origins.get(run.runId());
    long millis = -1;
    if (origin != null) {
      origin.ended = true;
      millis = origin.millis;
    }
    try {
      ResultFiles.write(result, millis);
    } finally {
      // On a full disk the console is where the summary still gets out.
      ResultFiles.show(result);
    }
  }

  /** Remembers the phase origin of one run; ignores its samples. */
  private static final class Origin implements SampleObserver {
    private volatile long millis = -1;
    private volatile boolean ended;

    @Override
    public void started(long originMillis) {
      millis = originMillis;
    }

    @Override
    public void sample(SampleResult result, Phase phase, ErrorCause cause, boolean transaction) {
      // The summary comes from the recorder's accumulators, not from here.
    }
  }
}
