package dev.perfsuite.engines.server;

import dev.perfsuite.engines.RmiSockets;
import dev.perfsuite.engines.shipment.ContentHash;
import dev.perfsuite.engines.shipment.EngineDataService;
import dev.perfsuite.plugins.EnginePlugins;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A remote engine's data files ({@link EngineDataService}), stored under its data directory.
 * Uploads land in a temporary file, are checked against their SHA-256 and size, then moved in place
 * atomically under the engine's data directory, which the engine publishes as the JMeter property
 * {@link #DATA_DIR_PROPERTY} so that plans name files {@code ${__P(perf.data.dir)}/<hash>/<file>}
 * on every engine alike.
 *
 * <p>The directory is {@code -Dperfsuite.engine.data-dir} on the engine's JVM (not a {@code perf.*}
 * key: the controller would reject it as unknown), which the launcher sets to a private folder of
 * the engine's own when its operator gives none (engines on one host get different slices of a
 * partitioned file under the same name); else {@code <java.io.tmpdir>/perf-suite-engine-<port>/
 * data}.
 *
 * <p>Uploads are bounded per file ({@value #MAX_FILE_OPTION}), for all in progress together
 * ({@value #MAX_OPEN_OPTION}) and in number; one idle for {@link #UPLOAD_IDLE} is dropped, so
 * controllers killed mid-upload cannot hold the engine's slots. A plugin jar's SHA-256 is checked
 * again when a test loads it.
 *
 * <p>Uploads need a run's token, only that run's while its test runs ({@link UploadGate}), and
 * an upload's later calls the token that began it.
 *
 * <p>The service shares the registry's port (no port to open beyond what JMeter needs).
 * <b>Trap:</b> RMI shares a port only between objects exported with equal socket factories, and
 * JMeter's SSL factories compare by identity; so with SSL the launcher creates the registry itself
 * with factory instances it keeps ({@link #prepare}) and JMeter binds its engine in that registry
 * ({@code server.rmi.create=false}). Without SSL both use the default factories and JMeter
 * creates the registry as usual.
 */
public final class EngineDataStore extends UnicastRemoteObject implements EngineDataService {
  private static final Logger LOG = LoggerFactory.getLogger(EngineDataStore.class);
  private static final long serialVersionUID = 1L;
  private static final long MIB = 1L << 20;
  /**
   * {@code <16 hex digits of the SHA-256>[-of<engines>]/<file name>}. A mirror of a plan's folder
   * adds up to 15 folders before the file name; no name starts with '.', so none leaves the root.
   */
  private static final Pattern NAMES = Pattern.compile(
      "[0-9a-f]{16}(-of[0-9]{1,4})?(/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){1,16}");
  private static final int MAX_OPEN_UPLOADS = 64;
  /** The engine JVM's limit per uploaded file, in MiB ({@value #DEFAULT_MAX_FILE_MIB}). */
  static final String MAX_FILE_OPTION = "perfsuite.engine.max-file-mib";
  /** The engine JVM's limit for all uploads in progress together, in MiB. */
  static final String MAX_OPEN_OPTION = "perfsuite.engine.max-open-mib";
  private static final long DEFAULT_MAX_FILE_MIB = 2048;
  private static final long DEFAULT_MAX_OPEN_MIB = 4096;
  /**
   * An upload that received no chunk for this long is dropped: its controller died or gave up.
   * A live controller sends its 1 MiB chunks back to back, each call bounded by the RMI response
   * deadline.
   */
  static final Duration UPLOAD_IDLE = Duration.ofMinutes(2);

  private final transient Path root;
  private final transient Map<Long, OpenUpload> uploads = new ConcurrentHashMap<>();
  private final transient Map<Path, String> verified = new ConcurrentHashMap<>();
  private final transient AtomicLong ids = new AtomicLong();
  private final transient EnginePlugins plugins;
  private final transient LongSupplier nanos;
  private final transient UploadGate gate;
  private final transient long maxFileBytes = mebibytes(MAX_FILE_OPTION, DEFAULT_MAX_FILE_MIB);
  private final transient long maxOpenBytes = mebibytes(MAX_OPEN_OPTION, DEFAULT_MAX_OPEN_MIB);

  private EngineDataStore(Path root, EnginePlugins plugins, int port, RMIClientSocketFactory csf,
      RMIServerSocketFactory ssf, LongSupplier nanos, UploadGate gate) throws IOException {
    super(port, csf, ssf);
    this.root = root;
    this.plugins = plugins;
    this.nanos = nanos;
    this.gate = gate;
  }

  /**
   * Prepares the data directory and, with SSL, the RMI registry before JMeter's server starts. It
   * picks the data directory, publishes it as a JMeter property and, with SSL, creates the RMI
   * registry on {@code registryPort} with factories the data service will share. Call
   * {@link Binding#publish()} once JMeter's server is up.
   */
  static Binding prepare(int registryPort) throws IOException {
    String configured = System.getProperty(DATA_DIR_OPTION);
    Path root = (configured != null ? Path.of(configured) : Path.of(
        System.getProperty("java.io.tmpdir"), "perf-suite-engine-" + registryPort, "data"))
        .toAbsolutePath().normalize();
    Files.createDirectories(root.resolve(".incoming"));
    if (!Files.isWritable(root)) {
      throw new IOException("the data directory " + root + " is not writable. Fix: -D"
          + DATA_DIR_OPTION + "=A_WRITABLE_DIRECTORY");
    }
    EngineDataPruning.pruneAtStart(root);
    // Bad limits fail the start, not the first upload.
    mebibytes(MAX_FILE_OPTION, DEFAULT_MAX_FILE_MIB);
    mebibytes(MAX_OPEN_OPTION, DEFAULT_MAX_OPEN_MIB);
    JMeterUtils.setProperty(DATA_DIR_PROPERTY, root.toString().replace('\\', '/'));
    RMIClientSocketFactory csf = RmiUtils.createClientSocketFactory();
    RMIServerSocketFactory ssf = RmiUtils.createServerSocketFactory();
    Registry registry = null;
    if (ssf != null) {
      registry = LocateRegistry.createRegistry(registryPort, csf, ssf);
      JMeterUtils.setProperty("server.rmi.create", "false");
    }
    return new Binding(root, registryPort, csf, ssf, registry);
  }

  /** What {@link #prepare} set up, to publish the service once JMeter's engine is bound. */
  static final class Binding {
    private final Path root;
    private final int port;
    private final RMIClientSocketFactory csf;
    private final RMIServerSocketFactory ssf;
    private final Registry registry;
    private final EnginePlugins plugins = new EnginePlugins();

    private Binding(Path root, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
        Registry registry) {
      this.root = root;
      this.port = port;
      this.csf = csf;
      this.ssf = ssf;
      this.registry = registry;
    }

    /**
     * Exports the store on the registry's port and binds it as {@link EngineDataService#NAME},
     * its uploads let through by {@code gate}.
     */
    Path publish(UploadGate gate) throws IOException {
      EngineDataStore store = new EngineDataStore(root, plugins, port, csf, ssf,
          System::nanoTime, gate);
      try {
        // The registry listens on the engine's address only (RmiSockets), not on loopback.
        Registry target = registry != null ? registry : LocateRegistry.getRegistry(
            RmiSockets.listenAddress().getHostAddress(), port);
        target.rebind(NAME, store);
      } catch (RemoteException e) {
        throw new IOException("cannot bind the data-file service in the registry on port "
            + port + ": " + e, e);
      }
      return root;
    }

    /** The class loader to export JMeter's engine under, so its tests see shipped plugins. */
    ClassLoader pluginLoader() {
      return plugins.loader();
    }
  }

  /** A store on {@code root} not exported over RMI (for tests of the checks). */
  public static EngineDataStore local(Path root) throws IOException {
    return local(root, System::nanoTime);
  }

  /** As {@link #local(Path)}, its time read from {@code nanos} (for tests of expiry). */
  static EngineDataStore local(Path root, LongSupplier nanos) throws IOException {
    return local(root, nanos, (token, call) -> new RunOwnership().admitUpload(token, () -> false,
        call));
  }

  /** As {@link #local(Path, LongSupplier)}, uploads let through by {@code gate}. */
  static EngineDataStore local(Path root, LongSupplier nanos, UploadGate gate) throws IOException {
    Files.createDirectories(root.resolve(".incoming"));
    EngineDataStore store = new EngineDataStore(root, new EnginePlugins(), 0, null, null, nanos,
        gate);
    UnicastRemoteObject.unexportObject(store, true);
    return store;
  }

  @Override
  public String directory() {
    return root.toString();
  }

  @Override
  public boolean holds(String name, String sha256) throws IOException {
    Path file = resolve(name);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    String known = verified.get(file);
    if (known == null) {
      known = sha256(file);
      verified.put(file, known);
    }
    if (known.equals(sha256)) {
      EngineDataPruning.touch(root, file);
      return true;
    }
    return false;
  }

  @Override
  public long begin(String token, String name, String sha256, long size) throws IOException {
    gate.admit(token, "the upload of " + name);
    Path target = resolve(name);
    if (size < 0 || !sha256.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("bad upload of " + name + ": size " + size
          + ", sha256 '" + sha256 + "'");
    }
    if (size > maxFileBytes) {
      throw new IOException("refused the upload of " + name + ": its " + size + " bytes exceed "
          + "this engine's limit per file, " + maxFileBytes + " bytes (-D" + MAX_FILE_OPTION
          + "=" + maxFileBytes / MIB + " on the engine's JVM). Fix: ship a smaller file, or "
          + "raise the limit on the engine");
    }
    expireIdle();
    long open = uploads.values().stream().mapToLong(u -> u.size).sum();
    if (open + size > maxOpenBytes) {
      throw new IOException("refused the upload of " + name + ": with the " + open + " bytes "
          + "of the uploads in progress it exceeds this engine's limit for uploads in "
          + "progress, " + maxOpenBytes + " bytes (-D" + MAX_OPEN_OPTION + "=" + maxOpenBytes
          / MIB + " on the engine's JVM). Fix: retry once they end (an abandoned one expires "
          + "after " + UPLOAD_IDLE.toMinutes() + " min), or raise the limit on the engine");
    }
    if (uploads.size() >= MAX_OPEN_UPLOADS) {
      throw new IOException("refused the upload of " + name + ": " + MAX_OPEN_UPLOADS
          + " uploads are in progress on this engine, its limit. Fix: retry once they end (an "
          + "abandoned one expires after " + UPLOAD_IDLE.toMinutes() + " min)");
    }
    long id = ids.incrementAndGet();
    Path part = root.resolve(".incoming").resolve(id + "-" + System.nanoTime() + ".part");
    uploads.put(id, new OpenUpload(token, target, sha256, size, part, Files.newOutputStream(part),
        nanos.getAsLong()));
    return id;
  }

  @Override
  public void write(String token, long id, byte[] chunk) throws IOException {
    OpenUpload upload = upload(token, id);
    synchronized (upload) {
      if (upload.received + chunk.length > upload.size) {
        abort(token, id);
        throw new IOException("upload of " + upload.target.getFileName() + " exceeds its "
            + "announced " + upload.size + " bytes");
      }
      upload.out.write(chunk);
      upload.digest.update(chunk);
      upload.received += chunk.length;
      upload.touched = nanos.getAsLong();
    }
  }

  @Override
  public void commit(String token, long id) throws IOException {
    OpenUpload upload = upload(token, id);
    // Checked again: a test may have started since the upload began.
    gate.admit(token, "the upload of " + root.relativize(upload.target));
    synchronized (upload) {
      uploads.remove(id);
      upload.out.close();
      String received = HexFormat.of().formatHex(upload.digest.digest());
      if (upload.received != upload.size || !received.equals(upload.sha256)) {
        Files.deleteIfExists(upload.part);
        throw new IOException("upload for " + root.relativize(upload.target) + " arrived "
            + "damaged: " + upload.received + " of " + upload.size + " bytes, SHA-256 "
            + received + " instead of " + upload.sha256);
      }
      Files.createDirectories(upload.target.getParent());
      verified.remove(upload.target);
      Files.move(upload.part, upload.target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      verified.put(upload.target, received);
    }
  }

  @Override
  public void abort(String token, long id) throws IOException {
    OpenUpload upload = uploads.get(id);
    if (upload != null) {
      upload.requireBegunWith(token, id);
      drop(id);
    }
  }

  private void drop(long id) throws IOException {
    OpenUpload upload = uploads.remove(id);
    if (upload != null) {
      synchronized (upload) {
        upload.out.close();
        Files.deleteIfExists(upload.part);
      }
    }
  }

  @Override
  public List<String> usePlugins(String token, List<String> names) throws IOException {
    gate.admit(token, "the plugins " + names);
    List<Path> jars = new ArrayList<>();
    for (String name : names) {
      Path jar = resolve(name);
      if (!Files.isRegularFile(jar) || !name.endsWith(".jar")) {
        throw new IOException("plugin jar " + name + " is not held by this engine (under "
            + root + "): it was not shipped or was pruned meanwhile");
      }
      // Checked now, as it loads, not only as it arrived: the file may have changed since.
      String actual = sha256(jar);
      String expected = verified.get(jar);
      if (!actual.startsWith(name.substring(0, 16)) || expected != null
          && !expected.equals(actual)) {
        verified.remove(jar);
        throw new IOException("plugin jar " + name + " changed on this engine since it was "
            + "received (SHA-256 " + actual + "): refused to load it. Fix: check who writes "
            + root + ", then run again (the controller ships the jar anew)");
      }
      EngineDataPruning.touch(root, jar);
      jars.add(jar);
    }
    return plugins.use(jars);
  }

  /** Drops the uploads that received nothing for {@link #UPLOAD_IDLE}: their controller is gone. */
  private void expireIdle() {
    long now = nanos.getAsLong();
    for (Map.Entry<Long, OpenUpload> entry : List.copyOf(uploads.entrySet())) {
      OpenUpload upload = entry.getValue();
      if (now - upload.touched >= UPLOAD_IDLE.toNanos()) {
        try {
          drop(entry.getKey());
          LOG.info("perf-suite engine: dropped the upload of {}, idle for {} min (its controller "
              + "is gone)", root.relativize(upload.target), UPLOAD_IDLE.toMinutes());
        } catch (IOException e) {
          LOG.warn("perf-suite engine: cannot drop the idle upload {}: {}", upload.part,
              e.toString());
        }
      }
    }
  }

  private static long mebibytes(String option, long defaultMib) {
    String value = System.getProperty(option, String.valueOf(defaultMib)).trim();
    try {
      long mib = Long.parseLong(value);
      if (mib > 0) {
        return mib * MIB;
      }
    } catch (NumberFormatException e) {
      // Falls through to the message below.
    }
    throw new IllegalArgumentException("-D" + option + "=" + value + " is not a whole number of "
        + "MiB above 0. Fix: e.g. -D" + option + "=" + defaultMib);
  }

  /** Upload {@code id}, refused unless {@code token} began it. */
  private OpenUpload upload(String token, long id) throws IOException {
    OpenUpload upload = uploads.get(id);
    if (upload == null) {
      throw new IOException("no open upload " + id + " on this engine");
    }
    return upload.requireBegunWith(token, id);
  }

  /** The file for {@code name}, refusing anything but the shipment's own naming pattern. */
  private Path resolve(String name) {
    if (name == null || !NAMES.matcher(name).matches()) {
      throw new IllegalArgumentException("refused data file name '" + name + "': names are "
          + "<hash>/<file> (or <hash>/<folders>/<file>) under the engine's data directory");
    }
    return root.resolve(name).normalize();
  }

  /** As {@link ContentHash#sha256(Path)}. */
  public static String sha256(Path file) throws IOException {
    return ContentHash.sha256(file);
  }

  /** As {@link ContentHash#digest()}. */
  public static MessageDigest digest() {
    return ContentHash.digest();
  }
}
