package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.SnapshotSink;
import dev.perfsuite.engines.server.EngineSerialFilter;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.SampleRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.rmi.RmiUtils;

/**
 * The controller's end of {@code perf.remotes.samples=aggregate}: an RMI object whose stub the
 * engines receive inside the plan. It is exported the way JMeter exports its own remote listeners
 * ({@code RemoteSampleListenerImpl}: JMeter's socket factories, so the same SSL settings, on
 * {@code client.rmi.localport} plus an offset when a port is fixed).
 *
 * <p>It keeps each engine's latest snapshot in the run's recorder (which merges them into every
 * figure), the arrival time of each engine's latest snapshot (its heartbeat), which engines sent
 * their final snapshot, and the engines' JTLs as they arrive after the end. Its cost is per
 * snapshot, never per sample.
 */
public final class SnapshotIntake implements SnapshotSink {
  /** Offset from {@code client.rmi.localport}, past the ports JMeter's own objects use. */
  static final int PORT_OFFSET = 3;

  private final SampleRecorder recorder;
  private final Path jtlDirectory;
  private final Map<String, Long> heartbeats = new ConcurrentHashMap<>();
  private final Set<String> finals = ConcurrentHashMap.newKeySet();
  private final Set<String> jtls = ConcurrentHashMap.newKeySet();
  private final AtomicLong snapshots = new AtomicLong();

  /**
   * Exports a sink feeding {@code recorder}, engine JTLs stored under {@code jtlDirectory}.
   *
   * @param localPort the controller's {@code perf.remotes.local-port}, 0 for any
   */
  public SnapshotIntake(int localPort, SampleRecorder recorder, Path jtlDirectory)
      throws RemoteException {
    this.recorder = recorder;
    this.jtlDirectory = jtlDirectory;
    // What engines send passes the engines' own allow-list: snapshots, JTL chunks, nothing else.
    UnicastRemoteObject.exportObject(this, localPort == 0 ? 0 : localPort + PORT_OFFSET,
        RmiUtils.createClientSocketFactory(), RmiUtils.createServerSocketFactory(),
        EngineSerialFilter.create());
  }

  /** The serializable stub engines call. */
  public SnapshotSink stub() {
    try {
      return (SnapshotSink) RemoteObject.toStub(this);
    } catch (NoSuchObjectException e) {
      throw new IllegalStateException("the snapshot sink is not exported", e);
    }
  }

  @Override
  public void snapshot(RecorderSnapshot snapshot) {
    heartbeats.put(snapshot.engine(), System.nanoTime());
    snapshots.incrementAndGet();
    recorder.absorb(snapshot);
    if (snapshot.last()) {
      finals.add(snapshot.engine());
    }
  }

  @Override
  public synchronized void jtl(String engine, long offset, byte[] chunk, boolean last) {
    heartbeats.put(engine, System.nanoTime());
    Path file = jtlOf(engine);
    try {
      Files.createDirectories(jtlDirectory);
      if (offset == 0) {
        Files.deleteIfExists(file);
      }
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
          StandardOpenOption.WRITE)) {
        channel.write(ByteBuffer.wrap(chunk), offset);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot store the JTL of engine " + engine + " in " + file,
          e);
    }
    if (last) {
      jtls.add(engine);
    }
  }

  /** Where the JTL of {@code engine} is stored once received. */
  Path jtlOf(String engine) {
    return jtlDirectory.resolve(engine.replaceAll("[^A-Za-z0-9._-]", "_") + ".jtl");
  }

  /** Nano time of the engine's latest snapshot, empty before its first. */
  Optional<Long> heartbeat(String engine) {
    return Optional.ofNullable(heartbeats.get(engine));
  }

  /** The latest snapshot of every engine that sent one. */
  Map<String, RecorderSnapshot> snapshotsByEngine() {
    return recorder.engineSnapshots();
  }

  boolean ended(String engine) {
    return finals.contains(engine);
  }

  boolean jtlReceived(String engine) {
    return jtls.contains(engine);
  }

  public long snapshots() {
    return snapshots.get();
  }

  /** Stops accepting calls; idempotent. */
  public void close() {
    try {
      UnicastRemoteObject.unexportObject(this, true);
    } catch (NoSuchObjectException e) {
      // Already closed.
    }
  }
}
