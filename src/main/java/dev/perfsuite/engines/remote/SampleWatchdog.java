package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.RmiTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The watchdog of {@code perf.remotes.samples=all}, finding engines that are lost or never started.
 * An engine that sends no sample and refuses connections for {@code perf.remotes.watchdog} is lost;
 * one that sent no sample within the start grace did not start its test. Probes only engines
 * without a recent sample, so a busy run costs nothing.
 */
final class SampleWatchdog {
  private static final Duration LIVE_PROBE = Duration.ofMillis(500);

  private final RemoteRun run;
  private final RmiTransport transport;
  private final Map<String, Long> lastAlive = new ConcurrentHashMap<>();

  SampleWatchdog(RemoteRun run, RmiTransport transport) {
    this.run = run;
    this.transport = transport;
  }

  /** The engines lost or silent, as the run's failure message; adds the lost ones to the run's. */
  Optional<String> failure() {
    long now = System.nanoTime();
    long started = run.startedNanos();
    Duration watchdog = run.watchdog();
    Duration grace = run.startGrace();
    Map<String, Long> lastSamples = run.breakdown().lastSampleNanos();
    List<String> lost = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (String engine : run.remotes()) {
      long lastSample = lastSamples.get(engine);
      if (lastSample > 0 && now - lastSample < TimeUnit.SECONDS.toNanos(1)) {
        lastAlive.put(engine, lastSample);
        continue;
      }
      if (lastSample < 0 && now - started > grace.toNanos()) {
        // JMeter only logs an engine that failed to configure or start its test, and the DSL
        // then waits for its end-of-test forever.
        silent.add(engine);
        continue;
      }
      if (EngineReachability.problem(engine, LIVE_PROBE).isEmpty()) {
        lastAlive.put(engine, System.nanoTime());
        continue;
      }
      long alive = Math.max(lastSample, lastAlive.getOrDefault(engine, started));
      if (now - alive > watchdog.toNanos()) {
        lost.add(engine);
      }
    }
    if (lost.isEmpty() && silent.isEmpty()) {
      return Optional.empty();
    }
    run.lost().addAll(lost);
    List<String> reasons = new ArrayList<>();
    if (!lost.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", lost) + " lost: no sample and no "
          + "connection for more than " + watchdog.toSeconds() + " s (perf.remotes.watchdog)");
    }
    if (!silent.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", silent) + " sent no sample within "
          + grace.toSeconds() + " s of the start: the test did not "
          + "start there (see the controller's JMeter log: a class or plugin missing on the "
          + "engine, an RMI callback to " + ControllerRmi.callbackHost() + " refused"
          + (transport.ssl() ? ", or the keystore not at " + transport.keystore()
          + " on the engine: JMeter needs the same keystore path on every side" : "") + ")");
    }
    return Optional.of(String.join("; ", reasons) + "; the other engines were stopped and the "
        + "samples gathered so far are kept");
  }
}
