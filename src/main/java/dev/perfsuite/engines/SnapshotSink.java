package dev.perfsuite.engines;

import dev.perfsuite.results.RecorderSnapshot;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The controller-side object engines report to in {@code perf.remotes.samples=aggregate} mode.
 *
 * <p>The controller exports it over JMeter's RMI transport; its stub travels to the engines
 * inside the plan.
 *
 * <p>Every call carries the token of the run the engine serves, the one its controller's
 * {@code RunControl.configure} brought: the controller merges nothing without its run's token, so
 * whoever reaches its callback port cannot forge an engine's figures.
 */
public interface SnapshotSink extends Remote {

  /**
   * The engine's aggregated statistics so far; also its heartbeat.
   *
   * @param token the run's token; without it the snapshot is dropped
   */
  void snapshot(String token, RecorderSnapshot snapshot) throws RemoteException;

  /**
   * A chunk of the engine's JTL, sent after its test ended ({@code perf.remotes.jtl=fetch}).
   *
   * @param token the run's token; without it the chunk is dropped
   * @param engine the engine
   * @param offset byte offset of {@code chunk} in the engine's JTL
   * @param chunk the bytes
   * @param last true for the final chunk
   */
  void jtl(String token, String engine, long offset, byte[] chunk, boolean last)
      throws RemoteException;
}
