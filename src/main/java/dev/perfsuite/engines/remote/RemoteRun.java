package dev.perfsuite.engines.remote;

import dev.perfsuite.profiles.LoadProfile;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one distributed run shares between its result mode, its watchdog and its end. It holds the
 * engines, the per-engine tally of samples and the engines lost so far. Replaced at each run.
 */
final class RemoteRun {
  /**
   * Longest wait for an engine's first sample before it counts as not started. A cold engine JVM on
   * a busy host is slow to start its first test, and its first samples come later still
   * (docs/performance.md, "Figures behind design choices").
   */
  static final Duration START_GRACE = Duration.ofSeconds(60);

  private final List<String> remotes;
  private final Duration watchdog;
  private final EngineBreakdown breakdown;
  private final Set<String> lost = ConcurrentHashMap.newKeySet();
  private final CommonStart start = new CommonStart();
  private final StartFailures starts = new StartFailures(start);
  private final RunToken token = RunToken.fresh();
  private volatile LoadProfile perEngine;
  private volatile Thread worker;
  private volatile long startedNanos;
  private volatile boolean hurried;

  RemoteRun(List<String> remotes, Duration watchdog, LoadProfile whole) {
    this.remotes = List.copyOf(remotes);
    this.watchdog = watchdog;
    this.breakdown = new EngineBreakdown(this.remotes);
    this.perEngine = whole;
  }

  /** The secret every call of this run to its engines carries. */
  RunToken token() {
    return token;
  }

  /** The engines' {@code host:port}, in {@code perf.remotes} order. */
  List<String> remotes() {
    return remotes;
  }

  /** How long an engine may stay silent before it counts as lost (perf.remotes.watchdog). */
  Duration watchdog() {
    return watchdog;
  }

  /** The longer of {@link #START_GRACE} and the watchdog. */
  Duration startGrace() {
    return watchdog.compareTo(START_GRACE) > 0 ? watchdog : START_GRACE;
  }

  /** Samples per engine, from the thread names JMeter prefixes with the engine's address. */
  EngineBreakdown breakdown() {
    return breakdown;
  }

  /** Engines declared lost in this run (the set is live: watchdogs add to it). */
  Set<String> lost() {
    return lost;
  }

  /** How this run's engines start together; the handshake sets their clocks. */
  CommonStart start() {
    return start;
  }

  /** The engines that refused to start their test in this run. */
  StartFailures starts() {
    return starts;
  }

  /** The engines not declared lost and not refusing the test: those a stop must reach. */
  List<String> alive() {
    return remotes.stream().filter(e -> !lost.contains(e) && !starts.contains(e)).toList();
  }

  LoadProfile perEngine() {
    return perEngine;
  }

  void perEngine(LoadProfile profile) {
    this.perEngine = profile;
  }

  /** Marks the start of load: the thread the DSL runs it on, released by a stop. */
  void started(Thread runner) {
    this.worker = runner;
    this.startedNanos = System.nanoTime();
  }

  /** The thread running the DSL's engine, or null before the start. */
  Thread worker() {
    return worker;
  }

  /** {@link System#nanoTime()} at the start of load, 0 before. */
  long startedNanos() {
    return startedNanos;
  }

  /** A signal ends the run: the JVM is going down, so every wait from now on is short. */
  void hurry() {
    hurried = true;
  }

  /**
   * {@code normal}, or {@code hurried} once a signal ends the run: {@code docker stop} gives
   * 10 s, and the summary must be written within them.
   */
  Duration wait(Duration normal, Duration hurried) {
    return this.hurried ? hurried : normal;
  }

  static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
