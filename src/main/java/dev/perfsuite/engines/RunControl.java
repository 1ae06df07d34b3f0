package dev.perfsuite.engines;

import java.io.File;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.HashMap;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jorphan.collections.HashTree;

/**
 * A remote engine's test control as the suite's controllers drive it: JMeter's engine calls, each
 * carrying the run's token.
 *
 * <p>The engine binds it under JMeter's own name ({@code JMeterEngine}) and refuses JMeter's
 * token-less calls, so only the controller that configured a run can set its properties, start,
 * stop, reset or end it; another client (a second controller, a plain JMeter client) is refused
 * until that run has ended. The token proves the caller's run, not who it is: reaching an idle
 * engine is still the right to run code on it (docs/security.md).
 *
 * <p>Public because RMI stubs are proxies of it; not an API of the suite.
 */
public interface RunControl extends Remote {
  /**
   * What the engine runs on, asked before any run: {@code perf-suite}, {@code jmeter} and
   * {@code java} versions, by those names.
   */
  HashMap<String, String> versions() throws RemoteException;

  /** Reads {@code tree} as the run of {@code token}; refused while another run is active. */
  void configure(String token, HashTree tree, String hostAndPort, File base, String script)
      throws RemoteException;

  /** Sets the run's JMeter properties (those an earlier run set are removed first). */
  void properties(String token, HashMap<String, String> properties) throws RemoteException;

  /**
   * The engine's wall clock in nanoseconds since the epoch, which the controller reads at the
   * handshake to measure the engine's offset.
   */
  long clock() throws RemoteException;

  /**
   * Starts the configured run at {@code atEpochNanos} of the engine's clock; returns its start.
   *
   * <p>At once when that instant is past; the start returned is in the engine's clock too.
   *
   * <p>The call returns only after the start, so it lasts up to the controller's start margin (a
   * few hundred milliseconds); an instant more than 10 s ahead (a wrong clock) is waited for that
   * long only. Both instants as {@link WallClock} sends them.
   */
  long run(String token, long atEpochNanos) throws RemoteException, JMeterEngineException;

  /** Stops the run, {@code now} or once each user's iteration ends; nothing to do when idle. */
  void stop(String token, boolean now) throws RemoteException;

  /** Resets the engine after the run; nothing to do when idle. */
  void reset(String token) throws RemoteException;

  /** Stops the run and ends the engine's process. */
  void exit(String token) throws RemoteException;

}
