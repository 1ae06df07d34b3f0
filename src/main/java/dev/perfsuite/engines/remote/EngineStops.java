package dev.perfsuite.engines.remote;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stopping remote engines' tests over RMI. It happens at the end of a failed run, and before a run
 * for the engines an earlier run lost (their stop never arrived, so they may still run that test
 * and refuse the next as busy once their link is back).
 */
final class EngineStops {
  private static final Logger LOG = LoggerFactory.getLogger(EngineStops.class);
  /** How long an engine's stopped, abandoned test is given to end before the next run. */
  static final Duration ABANDONED_STOP = Duration.ofSeconds(EngineStops.ABANDONED_STOP_SECONDS);
  private static final int ABANDONED_STOP_SECONDS = 3;
  /** How long the stops of a run's engines may take, all in parallel. */
  static final Duration STOP = Duration.ofSeconds(5);
  /** The same under a signal, when the JVM is going down. */
  static final Duration STOP_SIGNALLED = Duration.ofSeconds(2);

  private EngineStops() {
  }

  /**
   * Asks each of {@code engines} to stop its test now, all at once, waiting at most {@code within}.
   *
   * <p>A warning for each that cannot, or does not answer in time (a frozen engine: its stop
   * stays on its daemon thread until the RMI response deadline).
   */
  static void stop(Collection<String> engines, Duration within, RunToken token) {
    Map<String, CompletableFuture<Void>> stops = new LinkedHashMap<>();
    for (String engine : engines) {
      stops.put(engine, CompletableFuture.runAsync(() -> {
        try {
          TokenClient.guard(new ClientJMeterEngine(engine), token).stopTest(true);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, r -> {
        Thread t = new Thread(r, "perf-stop-" + engine);
        t.setDaemon(true);
        t.start();
      }));
    }
    long deadline = System.nanoTime() + within.toNanos();
    stops.forEach((engine, stop) -> {
      try {
        stop.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause().getCause() == null ? e.getCause() : e.getCause().getCause();
        LOG.warn("could not stop remote engine {}: {}", engine, cause.toString());
      } catch (TimeoutException e) {
        LOG.warn("remote engine {} did not answer its stop within {} s", engine,
            within.toSeconds());
      }
    });
  }

  /**
   * Stops the test each engine lost in an earlier run may still be running, so that it serves this
   * run. Such an engine never heard the stop (a partition heals) and would refuse this run as busy;
   * each engine is removed from {@code abandoned} once tried.
   *
   * <p>JMeter has no remote "is busy" query, so the pause is a bound: the stop's own grace
   * ({@value #ABANDONED_STOP_SECONDS} s) plus the watchdog, within which an engine that cannot
   * deliver its snapshots stops its test by itself (the stop call may not reach a test that
   * another connection configured; seen in {@code NetworkHostsIT} with two engines on 2 cores:
   * docs/performance.md, "Figures behind design choices").
   *
   * @param probe how long a connection to an engine may take
   * @param watchdog the run's {@code perf.remotes.watchdog}
   */
  static void stopAbandoned(Map<String, RunToken> abandoned, Duration probe,
      Duration watchdog) {
    List<String> stopped = new ArrayList<>();
    for (String engine : List.copyOf(abandoned.keySet())) {
      RunToken token = abandoned.remove(engine);
      // Bounded: a stalled engine accepts the connection but never answers the RMI call.
      CompletableFuture<Void> stop = CompletableFuture.runAsync(() -> {
        try {
          TokenClient.guard(new ClientJMeterEngine(engine), token).stopTest(true);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, r -> {
        Thread t = new Thread(r, "perf-stop-abandoned-" + engine);
        t.setDaemon(true);
        t.start();
      });
      try {
        stop.get(ABANDONED_STOP.plus(probe).toMillis(), TimeUnit.MILLISECONDS);
        stopped.add(engine);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException | TimeoutException e) {
        LOG.warn("could not stop the earlier test of remote engine {} (lost in an earlier "
            + "run): {}", engine, String.valueOf(e.getCause() == null ? e : e.getCause()));
      }
    }
    if (!stopped.isEmpty()) {
      Duration pause = ABANDONED_STOP.plus(watchdog);
      // Explains the pause before load: the user sees it on the console.
      System.out.println("Stopped the earlier test of remote engine(s) " + stopped + ", lost in "
          + "an earlier run; waiting " + pause.toSeconds() + " s for it to end");
      RemoteRun.sleep(pause);
    }
  }
}
