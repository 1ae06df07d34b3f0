package dev.perfsuite.engines;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.profiles.LoadProfile;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What watchers learn about a run as it starts.
 *
 * @param scenario the plan's scenario name
 * @param runId unique id of this run, also a metrics tag
 * @param profile the profile as planned for the whole run (all engines together)
 * @param directory where this run's results are written
 * @param engines how many JMeter engines generate load (1 for the embedded engine)
 * @param labelsMax the run's {@code perf.labels.max}: labels with statistics (and live meters)
 *     of their own, later ones count as {@code other labels}
 */
public record RunContext(String scenario, String runId, LoadProfile profile, Path directory,
    int engines, int labelsMax) {

  /** A run under the default label cap ({@code perf.labels.max}), for tests and tools. */
  public RunContext(String scenario, String runId, LoadProfile profile, Path directory,
      int engines) {
    this(scenario, runId, profile, directory, engines, RunSettings.defaults().labelsMax());
  }

  /**
   * The planned duration of the load, warm-up included; unbounded iteration runs use
   * ramp-up+hold.
   */
  public Duration planned() {
    return profile.plannedDuration();
  }
}
