package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.SnapshotSink;
import dev.perfsuite.engines.server.EngineSerialFilter;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.SampleRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.rmi.RmiUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *
 * <p>It takes only calls carrying the run's token, which each engine got with its plan: any other
 * snapshot or JTL chunk is dropped and counted ({@link #refused()}), with one warning per sender,
 * so a forged snapshot changes no figure and no verdict.
 */
public final class SnapshotIntake implements SnapshotSink {
  /** Offset from {@code client.rmi.localport}, past the ports JMeter's own objects use. */
  static final int PORT_OFFSET = 3;
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotIntake.class);
  /** Senders warned about, at most: a flood of forgers cannot flood the log or the memory. */
  private static final int MAX_WARNED = 16;

  private final SampleRecorder recorder;
  private final Path jtlDirectory;
  private final Map<String, Long> heartbeats = new ConcurrentHashMap<>();
  private final Set<String> finals = ConcurrentHashMap.newKeySet();
  private final Set<String> jtls = ConcurrentHashMap.newKeySet();
  private final AtomicLong snapshots = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final Set<String> warned = ConcurrentHashMap.newKeySet();
  private final byte[] token;

  /**
   * Exports a sink feeding {@code recorder}, engine JTLs stored under {@code jtlDirectory}.
   *
   * @param localPort the controller's {@code perf.remotes.local-port}, 0 for any
   * @param token the run's token, which every call must carry
   */
  public SnapshotIntake(int localPort, SampleRecorder recorder, Path jtlDirectory, String token)
      throws RemoteException {
    this.token = token.getBytes(StandardCharsets.UTF_8);
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
  public void snapshot(String token, RecorderSnapshot snapshot) {
    if (!admitted(token, "snapshot", snapshot.engine())) {
      return;
    }
    heartbeats.put(snapshot.engine(), System.nanoTime());
    snapshots.incrementAndGet();
    recorder.absorb(snapshot);
    if (snapshot.last()) {
      finals.add(snapshot.engine());
    }
  }

  @Override
  public synchronized void jtl(String token, String engine, long offset, byte[] chunk,
      boolean last) {
    if (!admitted(token, "JTL chunk", engine)) {
      return;
    }
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

  /**
   * True when {@code sent} is the run's token; else counts the call and warns once per sender.
   * Dropped without an error, so a forger learns nothing, and an engine left over from an
   * earlier run (its token is that run's) cannot feed this one.
   */
  private boolean admitted(String sent, String what, String engine) {
    if (sent != null && MessageDigest.isEqual(token, sent.getBytes(StandardCharsets.UTF_8))) {
      return true;
    }
    refused.incrementAndGet();
    String sender = sender();
    if (warned.size() < MAX_WARNED && warned.add(sender)) {
      LOG.warn("dropped a {} from {} (as engine '{}') {}: it does not carry this run's token, so "
          + "it is not one of this run's engines (a forged call, or an engine still running an "
          + "earlier run). Its figures are not merged; further calls from {} are dropped "
          + "silently", what, sender, engine, sent == null ? "without a token" : "with another "
          + "token", sender);
    }
    return false;
  }

  /** The calling host, as RMI knows it. */
  private static String sender() {
    try {
      return RemoteServer.getClientHost();
    } catch (ServerNotActiveException e) {
      return "a caller in this JVM";
    }
  }

  /** Calls dropped so far because they did not carry the run's token. */
  long refused() {
    return refused.get();
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
      long dropped = refused.get();
      if (dropped > 0) {
        LOG.warn("the run dropped {} snapshot(s) and JTL chunk(s) without its token (senders: "
            + "{})", dropped, warned);
      }
    } catch (NoSuchObjectException e) {
      // Already closed.
    }
  }
}
