package dev.perfsuite.engines;

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
 */
public record RunContext(String scenario, String runId, LoadProfile profile, Path directory,
    int engines) {

  /**
   * The planned duration of the load, warm-up included; unbounded iteration runs use
   * ramp-up+hold.
   */
  public Duration planned() {
    return profile.plannedDuration();
  }
}
