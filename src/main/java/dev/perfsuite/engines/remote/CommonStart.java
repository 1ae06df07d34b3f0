package dev.perfsuite.engines.remote;

import java.rmi.RemoteException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a run's engines at one instant, after sending each its tree and properties in parallel.
 *
 * <p>Only once every engine has its tree does each get the run call, for one instant a margin
 * ahead ({@link #margin}) in its own clock ({@link EngineClock}).
 *
 * <p>JMeter's runner starts its client engines one after another, each sending its tree and run
 * call before the next is touched: about a second apart per engine. Its first {@code runTest}
 * here starts every engine's {@code runTest} on a thread of its own ({@link TokenClient} holds
 * each back at two gates), and each of the runner's calls then waits for its own engine only, so
 * the runner's loop cannot deadlock on an engine it has not called yet.
 *
 * <p>Gates: every engine's client-side preparation of the shared tree ends before any tree is
 * sent (JMeter mutates that tree while preparing it); every engine has its tree before the start
 * instant is chosen. An engine that fails leaves both gates, so the others do not wait for it.
 */
final class CommonStart {
  private static final Logger LOG = LoggerFactory.getLogger(CommonStart.class);
  /** How far ahead the start instant is: the run calls must reach every engine by then. */
  static final Duration MARGIN = Duration.ofMillis(300);
  /** Added to {@link #MARGIN} per engine: the run calls leave one thread each. */
  static final Duration PER_ENGINE = Duration.ofMillis(10);
  /** Trees sent at once: each costs the controller a serialisation and an upload. */
  static final int PARALLEL_SENDS = 8;
  /** The longest wait at a gate: RMI's deadlines end a stuck call well before. */
  static final Duration MOST_GATE_WAIT = Duration.ofSeconds(120);

  private final Map<String, JMeterEngine> engines = new LinkedHashMap<>();
  private final Map<String, EngineClock> clocks = new LinkedHashMap<>();
  private final Semaphore sends = new Semaphore(PARALLEL_SENDS);
  private final Map<String, Instant> started = new LinkedHashMap<>();
  private Map<String, CompletableFuture<Void>> runs;
  /** Empty until the launch: a client used outside a start passes the gates at once. */
  private Set<String> unprepared = new HashSet<>();
  private Set<String> unconfigured = new HashSet<>();
  private Instant at;

  /** Adds {@code engine}'s client, whose {@code runTest} this start calls. */
  synchronized void register(String engine, JMeterEngine client) {
    engines.put(engine, client);
  }

  /** Sets the engines' clocks measured at the handshake; an engine without one reads as ours. */
  synchronized void clocks(Map<String, EngineClock> measured) {
    clocks.clear();
    clocks.putAll(measured);
  }

  /** {@code engine}'s clock, {@link EngineClock#SAME} when not measured. */
  synchronized EngineClock clock(String engine) {
    return clocks.getOrDefault(engine, EngineClock.SAME);
  }

  /**
   * Starts {@code engine}'s test, all engines' at the first call; returns when {@code engine}'s
   * has started.
   *
   * @throws JMeterEngineException what {@code engine}'s client threw
   */
  void runTest(String engine) throws JMeterEngineException {
    CompletableFuture<Void> mine = launch().get(engine);
    try {
      mine.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() instanceof CompletionException wrapped
          && wrapped.getCause() != null ? wrapped.getCause() : e.getCause();
      if (cause instanceof JMeterEngineException refused) {
        throw refused;
      }
      if (cause instanceof RuntimeException failed) {
        throw failed;
      }
      throw new JMeterEngineException("Error in runTest() method " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JMeterEngineException("interrupted while starting engine " + engine, e);
    }
  }

  private synchronized Map<String, CompletableFuture<Void>> launch() {
    if (runs == null) {
      unprepared = new HashSet<>(engines.keySet());
      unconfigured = new HashSet<>(engines.keySet());
      runs = new LinkedHashMap<>();
      engines.forEach((engine, client) -> runs.put(engine, CompletableFuture.runAsync(() -> {
        try {
          client.runTest();
        } catch (JMeterEngineException e) {
          throw new CompletionException(e);
        } finally {
          settled(engine);
        }
      }, task -> {
        // One thread per engine: each waits at the gates for the others, so a bounded pool
        // smaller than the engines would deadlock; the sends are bounded instead (sends).
        Thread thread = new Thread(task, "perf-start-" + engine);
        thread.setDaemon(true);
        thread.start();
      })));
      CompletableFuture.allOf(runs.values().toArray(CompletableFuture[]::new))
          .whenComplete((done, failure) -> report());
    }
    return runs;
  }

  /** {@code engine} has prepared its tree: that tree will not change any more. */
  synchronized void prepared(String engine) {
    unprepared.remove(engine);
    notifyAll();
  }

  /** Waits until every engine prepared its tree or failed. */
  synchronized void awaitPrepared() throws InterruptedException {
    awaitEmpty(unprepared);
  }

  /** Runs {@code send} when one of the {@link #PARALLEL_SENDS} slots is free. */
  void send(ThrowingSend send) throws RemoteException, InterruptedException {
    sends.acquire();
    try {
      send.run();
    } finally {
      sends.release();
    }
  }

  /**
   * {@code engine} has its tree and properties; returns the common start instant (controller's
   * clock), chosen once every engine has them or failed.
   */
  synchronized Instant configured(String engine) throws InterruptedException {
    unconfigured.remove(engine);
    startWhenAllConfigured();
    awaitEmpty(unconfigured);
    if (at == null) {
      LOG.warn("Engines {} did not take their test within {} s: starting without them",
          unconfigured, MOST_GATE_WAIT.toSeconds());
      choose();
    }
    return at;
  }

  /** Records {@code engine}'s actual start, in the controller's clock. */
  synchronized void started(String engine, Instant when) {
    started.put(engine, when);
  }

  /** The spread of the engines' actual starts (controller's clock), once two or more started. */
  synchronized Optional<Duration> skew() {
    if (started.size() < 2) {
      return Optional.empty();
    }
    Collection<Instant> starts = started.values();
    Instant first = starts.stream().min(Instant::compareTo).orElseThrow();
    Instant last = starts.stream().max(Instant::compareTo).orElseThrow();
    return Optional.of(Duration.between(first, last));
  }

  /** The start instant's margin for {@code engines} engines. */
  static Duration margin(int engines) {
    return MARGIN.plus(PER_ENGINE.multipliedBy(engines));
  }

  private synchronized void settled(String engine) {
    unprepared.remove(engine);
    unconfigured.remove(engine);
    startWhenAllConfigured();
    notifyAll();
  }

  private void startWhenAllConfigured() {
    if (unconfigured.isEmpty() && at == null) {
      choose();
    }
  }

  private void choose() {
    Duration margin = margin(engines.size());
    at = Instant.now().plus(margin);
    notifyAll();
    if (LOG.isInfoEnabled()) {
      LOG.info("Starting {} engines together at {} ({} ms ahead); clock offsets {}",
          engines.size(), at, margin.toMillis(), offsets());
    }
  }

  private String offsets() {
    List<String> each = new ArrayList<>();
    engines.keySet().forEach(engine -> each.add(engine + " " + clock(engine).describe()));
    return String.join(", ", each);
  }

  private synchronized void report() {
    Optional<Duration> skew = skew();
    if (skew.isPresent() && LOG.isInfoEnabled()) {
      Duration bound = started.keySet().stream().map(this::clock).map(EngineClock::bound)
          .max(Duration::compareTo).orElse(Duration.ZERO);
      LOG.info("Engines started together: {} of {} within {} ms of each other (clock offsets "
          + "known within ±{} ms)", started.size(), engines.size(),
          String.format(Locale.ROOT, "%.1f", EngineClock.millis(skew.get())),
          String.format(Locale.ROOT, "%.1f", EngineClock.millis(bound)));
    }
  }

  /** Waits, bounded by {@link #MOST_GATE_WAIT}, until {@code pending} is empty. */
  private void awaitEmpty(Set<String> pending) throws InterruptedException {
    long deadline = System.nanoTime() + MOST_GATE_WAIT.toNanos();
    for (long left = MOST_GATE_WAIT.toNanos(); !pending.isEmpty() && left > 0;
        left = deadline - System.nanoTime()) {
      wait(Math.max(1, left / 1_000_000));
    }
  }

  /** A send to an engine over RMI. */
  @FunctionalInterface
  interface ThrowingSend {
    void run() throws RemoteException;
  }
}
