package dev.perfsuite.engines.shipment;

import java.io.IOException;
import java.rmi.Remote;
import java.util.List;

/**
 * The data-file store of a remote engine, bound in its RMI registry next to JMeter's
 * {@code JMeterEngine}. The controller asks whether a file is already there by SHA-256 and uploads
 * only what is missing, in chunks; the engine verifies the hash before the file counts.
 *
 * <p>Every call that changes what the engine holds carries the run's token (the one its
 * {@code RunControl.configure} will carry). The engine takes an upload while it is idle, and while
 * a test runs only from that run's controller; each upload's later calls must carry the token
 * that began it.
 *
 * <p>Public because RMI stubs are proxies of it; not an API of the suite.
 */
public interface EngineDataService extends Remote {
  /** Name in the engine's RMI registry. */
  String NAME = "perf-suite-data-files";
  /** The JMeter property naming the engine's data directory, which rewritten paths read. */
  String DATA_DIR_PROPERTY = "perf.data.dir";
  /** The engine JVM's system property that moves its data directory. */
  String DATA_DIR_OPTION = "perfsuite.engine.data-dir";

  /** The engine's data directory, the value of its JMeter property {@code perf.data.dir}. */
  String directory() throws IOException;

  /** True when the engine holds {@code name} with content of this SHA-256 (lower-case hex). */
  boolean holds(String name, String sha256) throws IOException;

  /**
   * Starts an upload of {@code size} bytes for {@code name}; returns its id.
   *
   * @throws IllegalArgumentException for a name outside the data directory's pattern
   * @throws IllegalStateException without a token, or with another run's while a test runs
   */
  long begin(String token, String name, String sha256, long size) throws IOException;

  /** Appends {@code chunk} to upload {@code id}. */
  void write(String token, long id, byte[] chunk) throws IOException;

  /**
   * Verifies size and SHA-256 of upload {@code id} and moves it in place atomically.
   *
   * @throws IOException naming the expected and the received hash when they differ
   */
  void commit(String token, long id) throws IOException;

  /** Drops upload {@code id} (the controller gave up). */
  void abort(String token, long id) throws IOException;

  /**
   * Makes the jars held under {@code names} the plugins of the engine's next test. JMeter reads the
   * test's tree and runs it with their classes, and knows their functions until that test ends.
   * Replaces what an earlier call set.
   *
   * @return the functions registered, e.g. {@code __base64Encode}
   * @throws IOException naming a jar that is not held or cannot be opened
   * @throws IllegalStateException while the engine runs a test, or without the run's token
   */
  List<String> usePlugins(String token, List<String> names) throws IOException;
}
