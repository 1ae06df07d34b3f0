package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.EngineAddress;
import dev.perfsuite.engines.EngineVersions;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunControl;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Asks every engine what it runs before a run, and reads its clock.
 *
 * <p>An engine of another suite or JMeter version, or a plain jmeter-server, is refused before
 * load instead of misreading the plan. The clock's offset lets the engines start at one instant
 * ({@link CommonStart}).
 */
final class EngineHandshake {
  private EngineHandshake() {
  }

  /** What one engine answered: its versions and its clock against this controller's. */
  record Answer(Map<String, String> versions, EngineClock clock) {
  }

  /**
   * The versions and clock of each engine, asked in parallel, each within {@code within}.
   *
   * @throws IllegalStateException before load, naming every engine that is not a perf-suite
   *     engine, does not answer, or runs another suite or JMeter version, with the fix
   */
  static Map<String, Answer> check(List<String> engines, RmiTransport transport,
      Duration within) {
    // JMeter's RmiUtils reads the transport once, at its first use: this may be it.
    transport.jmeterProperties().forEach(JMeterUtils::setProperty);
    Map<String, CompletableFuture<Answer>> asks = new LinkedHashMap<>();
    engines.forEach(engine -> asks.put(engine, CompletableFuture.supplyAsync(
        () -> answerOf(engine), r -> {
          Thread t = new Thread(r, "perf-handshake-" + engine);
          t.setDaemon(true);
          t.start();
        })));
    Map<String, Answer> answers = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    long deadline = System.nanoTime() + within.toNanos();
    asks.forEach((engine, ask) -> {
      try {
        Answer theirs = ask.get(Math.max(0, deadline - System.nanoTime()),
            TimeUnit.NANOSECONDS);
        EngineVersions.mismatch(engine, theirs.versions(), EngineVersions.OF_THIS_JVM)
            .ifPresentOrElse(problems::add, () -> answers.put(engine, theirs));
      } catch (ExecutionException e) {
        problems.add(e.getCause().getMessage());
      } catch (TimeoutException e) {
        problems.add("remote engine " + engine + " accepted the connection but did not say "
            + "what it runs within " + within.toSeconds() + " s. Fix: check the engine's log "
            + "and its load");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while asking the engines' versions", e);
      }
    });
    if (!problems.isEmpty()) {
      throw new IllegalStateException("refused before load: " + String.join("; ", problems));
    }
    return answers;
  }

  private static Answer answerOf(String engine) {
    EngineAddress address = EngineAddress.parse(engine);
    Remote stub;
    try {
      stub = LocateRegistry.getRegistry(address.host(), address.port(),
          RmiUtils.createClientSocketFactory()).lookup("JMeterEngine");
    } catch (Exception e) {
      throw new IllegalStateException("remote engine " + engine + " has no JMeter engine in its "
          + "registry (" + e + "). Fix: start it with java -jar perf-suite-remote-engine.jar "
          + "or the perf-suite/remote-engine image", e);
    }
    if (!(stub instanceof RunControl control)) {
      throw new IllegalStateException("remote engine " + engine + " is not a perf-suite engine "
          + "(a plain jmeter-server?), so its runs cannot be held to their controller. Fix: "
          + "start it with java -jar perf-suite-remote-engine.jar or the "
          + "perf-suite/remote-engine image");
    }
    Map<String, String> versions;
    try {
      versions = Map.copyOf(control.versions());
    } catch (Exception e) {
      throw new IllegalStateException("remote engine " + engine + " did not say what it runs: "
          + e + ". Fix: start it from this build's perf-suite-remote-engine.jar", e);
    }
    try {
      return new Answer(versions, EngineClock.measure(control));
    } catch (Exception e) {
      // An engine of another version has no clock: the version check then names the fix.
      return new Answer(versions, EngineClock.SAME);
    }
  }
}
