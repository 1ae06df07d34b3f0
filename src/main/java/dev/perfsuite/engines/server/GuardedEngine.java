package dev.perfsuite.engines.server;

import dev.perfsuite.engines.EngineVersions;
import dev.perfsuite.engines.RmiSockets;
import dev.perfsuite.engines.RunControl;
import dev.perfsuite.engines.WallClock;
import java.io.File;
import java.lang.reflect.Field;
import java.net.UnknownHostException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's remote object in place of JMeter's server object: JMeter's engine behind the
 * run's token ({@link RunControl}).
 *
 * <p>It is bound under JMeter's name, so the suite's controllers find it.
 *
 * <p>JMeter's own server lets any client stop or end a test another configured, and takes its
 * owner for the RMI thread of the call, which RMI does not promise to keep. Here JMeter's
 * token-less calls are refused outright, and each call on a run must carry the token its
 * {@code configure} claimed ({@link RunOwnership}).
 */
final class GuardedEngine extends UnicastRemoteObject implements RemoteJMeterEngine, RunControl {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(GuardedEngine.class);
  /** JMeter's name of the engine in its registry, which its client looks up. */
  static final String NAME = "JMeterEngine";
  /** Why a plain JMeter client is refused, and what to use instead. */
  static final String PLAIN_CLIENT = "this perf-suite engine takes runs from perf-suite "
      + "controllers only, whose calls carry their run's token; a plain JMeter client (jmeter -R, "
      + "jmeter-server's own controller) cannot drive it. Fix: run the plan through the suite "
      + "(perf.remotes), or start a plain jmeter-server for plain JMeter clients";

  private final transient RunOwnership ownership = new RunOwnership();
  private final transient Object lock = new Object();
  private final int registryPort;
  private transient JMeterEngine backing;
  private transient Properties remotelySet;
  /** The tokens of runs their controller stopped, oldest first. */
  private final transient Set<String> stoppedEarly = new LinkedHashSet<>();
  private static final int STOPS_KEPT = 16;
  /** The longest wait for a start instant: a wrong clock must not hold the engine idle. */
  static final Duration MOST_START_WAIT = Duration.ofSeconds(10);

  private GuardedEngine(int registryPort) throws RemoteException {
    super(RmiUtils.DEFAULT_LOCAL_PORT, RmiUtils.createClientSocketFactory(),
        RmiUtils.createServerSocketFactory());
    this.registryPort = registryPort;
  }

  /**
   * Exports the engine and binds it in the registry on {@code registryPort}, created here unless
   * this JVM made it already (with SSL, {@link EngineDataStore#prepare}).
   */
  static GuardedEngine startServer(int registryPort) throws RemoteException {
    GuardedEngine engine = new GuardedEngine(registryPort);
    registry(registryPort).rebind(NAME, engine);
    LOG.info("perf-suite engine bound as {} in the registry on port {}", NAME, registryPort);
    return engine;
  }

  private static Registry registry(int port) throws RemoteException {
    try {
      return LocateRegistry.createRegistry(port, RmiUtils.createClientSocketFactory(),
          RmiUtils.createServerSocketFactory());
    } catch (ExportException madeHere) {
      try {
        // The registry listens on the engine's address only (RmiSockets), not on loopback.
        return LocateRegistry.getRegistry(RmiSockets.listenAddress().getHostAddress(), port,
            RmiUtils.createClientSocketFactory());
      } catch (UnknownHostException e) {
        throw new RemoteException("cannot reach this engine's registry on port " + port, e);
      }
    }
  }

  @Override
  public HashMap<String, String> versions() {
    return new HashMap<>(EngineVersions.OF_THIS_JVM);
  }

  @Override
  public void configure(String token, HashTree tree, String hostAndPort, File base,
      String script) {
    synchronized (lock) {
      ownership.claim(token, () -> backing != null && backing.isActive());
      ServedRun.configured(token);
      LOG.info("Configuring the test of controller {} (base '{}')", hostAndPort, base);
      JMeterUtils.setProperty(JMeterUtils.THREAD_GROUP_DISTRIBUTED_PREFIX_PROPERTY_NAME,
          hostAndPort);
      backing = new StandardJMeterEngine(hostAndPort);
      backing.configure(tree);
    }
    FileServer.getFileServer().setScriptName(script);
    FileServer.getFileServer().setBase(base);
  }

  @Override
  public void properties(String token, HashMap<String, String> properties) {
    synchronized (lock) {
      ownership.require(token, "setProperties");
      if (remotelySet != null) {
        remotelySet.keySet().forEach(JMeterUtils.getJMeterProperties()::remove);
      }
      Properties props = new Properties();
      props.putAll(properties);
      backing.setProperties(props);
      remotelySet = props;
    }
  }

  @Override
  public long clock() {
    return WallClock.now();
  }

  /**
   * Starts the run at {@code atEpochNanos} of this engine's clock: a run's engines start together.
   *
   * <p>A stop that arrives while it waits stops the run as soon as it starts.
   */
  @Override
  public long run(String token, long atEpochNanos) throws JMeterEngineException {
    JMeterEngine engine;
    synchronized (lock) {
      ownership.require(token, "runTest");
      engine = backing;
    }
    awaitStart(WallClock.instant(atEpochNanos));
    Instant started = Instant.now();
    LOG.info("Running the test");
    engine.runTest();
    // Any stop of this run that came before JMeter's engine began (kept by stop) is applied
    // now; one that comes later reaches a running engine.
    awaitRunning(engine);
    boolean stopped;
    synchronized (lock) {
      stopped = stoppedEarly.contains(token);
    }
    if (stopped) {
      // Started and stopped at once, so the test ends as every test does (final snapshot, JTL).
      LOG.info("Stopping the test at once: its controller stopped the run before it started");
      engine.stopTest(true);
    }
    return WallClock.epochNanos(started);
  }

  /**
   * Waits, at most {@link #MOST_START_WAIT}, until JMeter's engine thread has begun its run.
   *
   * <p>Trap: {@code runTest} only starts that thread, whose first step sets the engine running;
   * a stop before it is undone by it and the test runs its whole profile. Reflection on JMeter
   * 5.6.3's private {@code StandardJMeterEngine.running}: no public call says the run began.
   */
  private static void awaitRunning(JMeterEngine engine) {
    long deadline = System.nanoTime() + MOST_START_WAIT.toNanos();
    try {
      Field running = StandardJMeterEngine.class.getDeclaredField("running");
      running.setAccessible(true);
      while (!running.getBoolean(engine) && engine.isActive() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn("cannot tell when JMeter's engine began its run ({}): stopping it in 1 s", e
          .toString());
      sleepQuietly(Duration.ofSeconds(1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleepQuietly(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Sleeps until {@code at} of this engine's clock, at most {@link #MOST_START_WAIT}. */
  private static void awaitStart(Instant at) {
    Duration ahead = Duration.between(Instant.now(), at);
    if (ahead.compareTo(MOST_START_WAIT) > 0) {
      LOG.warn("the start instant {} is {} ms ahead of this engine's clock: starting in {} s "
          + "instead", at, ahead.toMillis(), MOST_START_WAIT.toSeconds());
      at = Instant.now().plus(MOST_START_WAIT);
    }
    // Bounded by the cap above; sleep's granularity (about 1 ms) is well inside the start's.
    for (Duration left = Duration.between(Instant.now(), at); !left.isNegative() && !left.isZero();
        left = Duration.between(Instant.now(), at)) {
      try {
        Thread.sleep(Math.max(1, left.toMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * Stops the run; a stop of a run that has not started here yet is kept, so that run stops as
   * soon as it starts.
   *
   * <p>A controller stops its engines while others are still being started (an engine that
   * refused the test); without this, a stop that overtakes an engine's start would be lost and
   * the engine would load the target for the whole profile.
   */
  @Override
  public void stop(String token, boolean now) {
    JMeterEngine engine;
    synchronized (lock) {
      boolean active = backing != null && backing.isActive();
      if (ownership.holds(token)) {
        remember(token);
        engine = backing;
      } else if (active) {
        ownership.require(token, "stopTest");
        return;
      } else {
        remember(token);
        LOG.info("A stop arrived before its run: that run stops as soon as it starts here");
        return;
      }
    }
    LOG.info(now ? "Stopping the test" : "Shutting the test down");
    engine.stopTest(now);
  }

  /**
   * Lets an upload call to the engine's data files through: while idle with any run's token,
   * while a test runs only with its run's ({@link RunOwnership#admitUpload}).
   */
  void admitUpload(String token, String call) {
    synchronized (lock) {
      ownership.admitUpload(token, () -> backing != null && backing.isActive(), call);
    }
  }

  /** Keeps the tokens of the last runs stopped, a bounded few. */
  private void remember(String token) {
    stoppedEarly.add(token);
    while (stoppedEarly.size() > STOPS_KEPT) {
      stoppedEarly.remove(stoppedEarly.iterator().next());
    }
  }

  @Override
  public void reset(String token) {
    JMeterEngine engine = owned(token, "reset");
    if (engine != null) {
      engine.reset();
    }
  }

  @Override
  public void exit(String token) throws RemoteException {
    JMeterEngine engine;
    synchronized (lock) {
      // Only the controller of the run claimed last may end the process, never a stranger.
      ownership.require(token, "exit");
      engine = backing;
    }
    LOG.info("Exiting at the controller's request");
    try {
      registry(registryPort).unbind(NAME);
    } catch (NotBoundException e) {
      LOG.warn("{} was not bound", NAME);
    }
    try {
      UnicastRemoteObject.unexportObject(this, false);
    } catch (NoSuchObjectException e) {
      LOG.warn("the engine was no longer exported");
    }
    // On a thread of its own, so that this call returns to the controller first.
    Thread exit = new Thread(() -> {
      if (engine != null) {
        engine.exit();
      }
    }, "perf-engine-exit");
    exit.start();
  }

  /** The engine of {@code token}'s run, null when no run was ever configured. */
  private JMeterEngine owned(String token, String call) {
    synchronized (lock) {
      if (!ownership.claimed()) {
        return null;
      }
      ownership.require(token, call);
      return backing;
    }
  }

  @Override
  public void rconfigure(HashTree tree, String hostAndPort, File base, String script) {
    throw plainClient("configure");
  }

  @Override
  public void rrunTest() {
    throw plainClient("runTest");
  }

  @Override
  public void rstopTest(boolean now) {
    throw plainClient("stopTest");
  }

  @Override
  public void rreset() {
    throw plainClient("reset");
  }

  @Override
  public void rsetProperties(HashMap<String, String> map) {
    throw plainClient("setProperties");
  }

  @Override
  public void rexit() {
    throw plainClient("exit");
  }

  private static IllegalStateException plainClient(String call) {
    LOG.warn("refused {} from a client without a run token", call);
    return new IllegalStateException("remote engine refused " + call + ": " + PLAIN_CLIENT);
  }
}
