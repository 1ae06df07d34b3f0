package dev.perfsuite.engines.remote;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The watchdog of {@code perf.remotes.samples=aggregate}: engines whose snapshots, which double
 * as heartbeats, stopped for longer than {@code perf.remotes.watchdog} although their test has
 * not ended. A connected but stalled engine (a stopped process, a full GC, a saturated host) is
 * caught as surely as one that vanished.
 */
final class HeartbeatWatchdog {
  private final RemoteRun run;
  private final SnapshotIntake intake;

  HeartbeatWatchdog(RemoteRun run, SnapshotIntake intake) {
    this.run = run;
    this.intake = intake;
  }

  /** The engines hung or silent, as the run's failure message; adds them to the run's lost. */
  Optional<String> failure() {
    long now = System.nanoTime();
    Duration watchdog = run.watchdog();
    Duration grace = run.startGrace();
    List<String> hung = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (String engine : run.remotes()) {
      if (intake.ended(engine)) {
        continue;
      }
      Optional<Long> beat = intake.heartbeat(engine);
      if (beat.isEmpty()) {
        if (now - run.startedNanos() > grace.toNanos()) {
          silent.add(engine);
        }
      } else if (now - beat.get() > watchdog.toNanos()) {
        hung.add(engine);
      }
    }
    if (hung.isEmpty() && silent.isEmpty()) {
      return Optional.empty();
    }
    run.lost().addAll(hung);
    run.lost().addAll(silent);
    List<String> reasons = new ArrayList<>();
    if (!hung.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", hung) + " hung: no snapshot "
          + "(heartbeat) for more than " + watchdog.toSeconds() + " s (perf.remotes.watchdog); "
          + "their figures up to their last snapshot are kept");
    }
    if (!silent.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", silent) + " sent no snapshot within "
          + grace.toSeconds() + " s of the start: the test did not start there (see the "
          + "engine's log: a class or plugin missing, or an RMI callback to "
          + ControllerRmi.callbackHost() + " refused)");
    }
    return Optional.of(String.join("; ", reasons) + "; the other engines were stopped and the "
        + "results gathered so far are kept");
  }
}
