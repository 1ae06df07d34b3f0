package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.RunControl;
import java.io.File;
import java.lang.reflect.Field;
import java.rmi.RemoteException;
import java.util.HashMap;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.apache.jorphan.collections.HashTree;

/**
 * JMeter's calls to a remote engine, each sent with the run's token.
 *
 * <p>JMeter's client engine holds it in place of the engine's stub, so that JMeter's runner
 * drives the run unchanged.
 *
 * <p>Reflection, on one private field of the pinned JMeter 5.6.3
 * ({@code ClientJMeterEngine.remote}), because the client builds its stub itself; the
 * replacement is a local object, never exported. {@code TokenClientTest} fails when a version
 * bump moves the field.
 */
final class TokenClient implements RemoteJMeterEngine {
  private final RunControl engine;
  private final RunToken token;

  private TokenClient(RunControl engine, RunToken token) {
    this.engine = engine;
    this.token = token;
  }

  /**
   * Makes {@code client}'s calls carry {@code token}; returns {@code client}.
   *
   * @throws IllegalStateException when the engine is not a perf-suite engine (a plain
   *     jmeter-server), naming it and the fix
   */
  static ClientJMeterEngine guard(ClientJMeterEngine client, RunToken token) {
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
      remote.set(client, new TokenClient(control, token));
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

  @Override
  public void rconfigure(HashTree tree, String hostAndPort, File base, String script)
      throws RemoteException {
    engine.configure(token.value(), tree, hostAndPort, base, script);
  }

  @Override
  public void rrunTest() throws RemoteException, JMeterEngineException {
    engine.run(token.value());
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
  public void rsetProperties(HashMap<String, String> map) throws RemoteException {
    engine.properties(token.value(), map);
  }

  @Override
  public void rexit() throws RemoteException {
    engine.exit(token.value());
  }
}
