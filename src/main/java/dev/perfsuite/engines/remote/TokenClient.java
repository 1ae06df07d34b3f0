package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.RunControl;
import dev.perfsuite.engines.WallClock;
import java.io.File;
import java.lang.reflect.Field;
import java.rmi.RemoteException;
import java.time.Instant;
import java.util.HashMap;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter's calls to a remote engine, each sent with the run's token.
 *
 * <p>JMeter's client engine holds it in place of the engine's stub, so that JMeter's runner
 * drives the run unchanged. The tree and properties JMeter hands over are sent at its run call,
 * in parallel with the other engines', and the run call waits for the run's common start
 * ({@link CommonStart}): JMeter sends the tree under a lock shared by all its client engines.
 *
 * <p>Reflection, on one private field of the pinned JMeter 5.6.3
 * ({@code ClientJMeterEngine.remote}), because the client builds its stub itself; the
 * replacement is a local object, never exported. {@code TokenClientTest} fails when a version
 * bump moves the field.
 */
final class TokenClient implements RemoteJMeterEngine {
  private static final Logger LOG = LoggerFactory.getLogger(TokenClient.class);

  private final RunControl engine;
  private final RunToken token;
  private final String address;
  private final CommonStart start;
  private ThrowingTree tree;
  private HashMap<String, String> properties;

  private TokenClient(RunControl engine, RunToken token, String address, CommonStart start) {
    this.engine = engine;
    this.token = token;
    this.address = address;
    this.start = start;
  }

  /** Makes {@code client}'s calls carry {@code token}, for calls other than a run's start. */
  static ClientJMeterEngine guard(ClientJMeterEngine client, RunToken token) {
    return guard(client, token, new CommonStart());
  }

  /**
   * Makes {@code client}'s calls carry {@code token} and start with the others of {@code start};
   * returns {@code client}.
   *
   * @throws IllegalStateException when the engine is not a perf-suite engine (a plain
   *     jmeter-server), naming it and the fix
   */
  static ClientJMeterEngine guard(ClientJMeterEngine client, RunToken token,
      CommonStart start) {
    Field remote = remoteField();
    try {
      Object stub = remote.get(client);
      if (stub instanceof TokenClient) {
        return client;
      }
      if (!(stub instanceof RunControl control)) {
        throw new IllegalStateException("remote engine " + client.getHost() + " is not a "
            + "perf-suite engine (a plain jmeter-server?): its runs cannot be held to their "
            + "controller. Fix: start it with java -jar perf-suite-remote-engine.jar or the "
            + "perf-suite/remote-engine image");
      }
      remote.set(client, new TokenClient(control, token, client.getHost(), start));
      return client;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot reach ClientJMeterEngine.remote", e);
    }
  }

  static Field remoteField() {
    try {
      Field field = ClientJMeterEngine.class.getDeclaredField("remote");
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot reach " + ClientJMeterEngine.class.getName()
          + ".remote (a JMeter version other than the pinned one?). Fix: update "
          + TokenClient.class.getName() + " for the new version", e);
    }
  }

  /** Keeps the tree for the run call: JMeter calls this under its lock of all engines. */
  @Override
  public synchronized void rconfigure(HashTree tree, String hostAndPort, File base,
      String script) {
    this.tree = () -> engine.configure(token.value(), tree, hostAndPort, base, script);
    start.prepared(address);
  }

  /** Keeps the properties for the run call, which sends them after the tree as JMeter does. */
  @Override
  public synchronized void rsetProperties(HashMap<String, String> map) {
    properties = map;
  }

  /**
   * Sends the tree and properties, then the run call for the run's common start instant.
   *
   * <p>The tree goes once every engine's tree is prepared; the instant in the engine's clock.
   *
   * @throws JMeterEngineException naming {@code rconfigure()} when the engine refused the tree
   */
  @Override
  public void rrunTest() throws RemoteException, JMeterEngineException {
    ThrowingTree configure;
    HashMap<String, String> props;
    synchronized (this) {
      configure = tree;
      props = properties;
    }
    if (configure == null) {
      throw new IllegalStateException("JMeter's client called rrunTest() before rconfigure()");
    }
    try {
      start.awaitPrepared();
      start.send(() -> {
        try {
          configure.send();
        } catch (RemoteException e) {
          throw new RemoteException("Error in rconfigure() method " + e, e);
        }
        if (props != null) {
          try {
            engine.properties(token.value(), props);
          } catch (RemoteException e) {
            // As JMeter's client: a lost property is logged, the run goes on.
            LOG.warn("Could not set properties on {}: {}", address, e.toString());
          }
        }
      });
      EngineClock clock = start.clock(address);
      Instant at = start.configured(address);
      long began = engine.run(token.value(), WallClock.epochNanos(clock.toEngine(at)));
      start.started(address, clock.toController(WallClock.instant(began)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JMeterEngineException("interrupted while starting engine " + address, e);
    }
  }

  @Override
  public void rstopTest(boolean now) throws RemoteException {
    engine.stop(token.value(), now);
  }

  @Override
  public void rreset() throws RemoteException {
    engine.reset(token.value());
  }

  @Override
  public void rexit() throws RemoteException {
    engine.exit(token.value());
  }

  /** The tree's send to the engine. */
  @FunctionalInterface
  private interface ThrowingTree {
    void send() throws RemoteException;
  }
}
