package dev.perfsuite.engines.shipment;

import static dev.perfsuite.diagnostics.Causes.rootMessage;

import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.engines.BuiltTree;
import dev.perfsuite.engines.EngineAddress;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.files.DirectoryTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.rmi.RmiUtils;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * Sends the files a plan reads to every remote engine before load and makes the plan read them
 * there ({@code perf.remotes.data}).
 *
 * <p>Each file is hashed (SHA-256); an engine that already holds the content under the same name
 * receives nothing, otherwise it receives the file in chunks of {@link #CHUNK} bytes and verifies
 * the hash before the file counts ({@link EngineDataService}). The plan then names the file
 * {@code ${__P(perf.data.dir)}/<first 16 hex digits of the hash>/<file name>}: one tree goes to
 * every engine, and each engine evaluates the property to its own data directory. A partitioned
 * CSV file is named after the whole file's hash and the engine count ({@code <hash>-of2/users.csv})
 * and each engine holds its own slice under that name ({@link CsvSlices}). A path built at run time
 * is left as written: the file it makes here goes to the engines' mirror of the plan's folder,
 * which each engine makes JMeter's base directory ({@link PlanMirror}).
 *
 * <p>Every problem fails the run before load with the file, the engine and the fix: a file
 * missing or unreadable here, an engine without the data-file service, an upload refused or
 * damaged on the way.
 */
public final class DataShipment {
  private static final Logger LOG = LoggerFactory.getLogger(DataShipment.class);
  /** Upload chunk size: large enough for throughput, small enough for RMI's buffers. */
  static final int CHUNK = 1 << 20;
  /** JMeter expression of an engine's data directory, as the rewritten paths start. */
  static final String ENGINE_DIR = "${__P(" + EngineDataService.DATA_DIR_PROPERTY + ")}";
  private static final Duration BASE_WAIT = Duration.ofSeconds(120);
  /**
   * The slowest transfer rate tolerated before an engine counts as not receiving (256 KiB/s). That
   * is far below what local engines on a busy 2-core host take (docs/performance.md, "Figures
   * behind design choices").
   */
  private static final long MIN_BYTES_PER_SECOND = 1 << 18;

  private DataShipment() {
  }

  /**
   * Ships {@code plan}'s data files to {@code engines} and rewrites their paths in the tree the
   * plan builds from now on.
   *
   * @param token the run's token, which every upload call carries ({@link EngineDataService})
   * @return what each engine received, in engine order (empty when nothing was shipped)
   * @throws IllegalArgumentException naming the file, the engine(s) and the fix
   */
  public static List<Delivery> ship(DslTestPlan plan, List<String> engines, RmiTransport transport,
      RemoteData data, String token) {
    if (data.mode() == RemoteData.Mode.OFF) {
      LOG.info("Data files: not shipped (perf.remotes.data=off): every engine must hold them "
          + "at the paths the plan names");
      return List.of();
    }
    DataFiles.Found found = DataFiles.in(plan);
    // A warning about the run: the file may be missing on an engine.
    found.expressions().stream().filter(e -> found.runTime().stream().noneMatch(f -> e.endsWith(
        ": " + f.written()))).forEach(e -> LOG.warn("data file not shipped, its path is a JMeter "
        + "expression each engine evaluates itself: {}", e));
    PlanMirror mirror;
    try {
      mirror = PlanMirror.of(found.runTime(), Path.of(FileServer.getFileServer().getBaseDir()));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the files the plan's folder mirror needs: " + e,
          e);
    }
    mirror.left().forEach(reason -> LOG.warn("data file not mirrored: {}", reason));
    if (found.files().isEmpty() && mirror.isEmpty()) {
      return List.of();
    }
    checkReadable(found.files(), engines);
    List<DataFile> partitioned = CsvSlices.partitioned(found.files(), data);
    // RmiUtils reads these once, at first use (see DistributedEngine#jmeter).
    transport.jmeterProperties().forEach(JMeterUtils::setProperty);
    Path slices = null;
    try {
      slices = Files.createTempDirectory("perf-data-slices");
      List<List<Item>> perEngine = new ArrayList<>();
      engines.forEach(e -> perEngine.add(new ArrayList<>()));
      Map<String, String> paths = new LinkedHashMap<>();
      List<String> lines = new ArrayList<>();
      for (DataFile file : found.files()) {
        String hash = ContentHash.sha256(file.file());
        String base = safeName(file.file().getFileName().toString());
        if (partitioned.contains(file)) {
          String name = hash.substring(0, 16) + "-of" + engines.size() + "/" + base;
          CsvSlices.Slices dealt = CsvSlices.deal(file, engines.size(),
              slices.resolve(hash.substring(0, 16)));
          for (int i = 0; i < engines.size(); i++) {
            Path slice = dealt.files().get(i);
            perEngine.get(i).add(new Item(file, name, slice, ContentHash.sha256(slice)));
          }
          paths.put(DataFiles.key(file.kind(), file.written()), ENGINE_DIR + "/" + name);
          lines.add(file.file() + ": partitioned, " + dealt.describe());
        } else {
          String name = storedName(hash, file.file());
          perEngine.forEach(items -> items.add(new Item(file, name, file.file(), hash)));
          paths.put(DataFiles.key(file.kind(), file.written()), ENGINE_DIR + "/" + name);
          lines.add(file.file() + ": shared, " + Files.size(file.file()) + " bytes");
        }
      }
      for (Map.Entry<String, DataFile> entry : mirror.entries().entrySet()) {
        Path file = entry.getValue().file();
        Item item = new Item(entry.getValue(), entry.getKey(), file, ContentHash.sha256(file));
        perEngine.forEach(items -> items.add(item));
        lines.add(file + ": in the plan's folder mirror as " + entry.getKey());
      }
      List<Delivery> sent = upload(engines, perEngine, token);
      if (LOG.isInfoEnabled()) {
        LOG.info("Data files for {} engine(s) (perf.remotes.data={}):\n  {}\n  {}",
            engines.size(), data, String.join("\n  ", lines), String.join("\n  ",
                sent.stream().map(Delivery::toString).toList()));
      }
      plan.children(pathRewrite(paths));
      if (!mirror.isEmpty()) {
        plan.children(mirror.baseOnEngines());
      }
      return sent;
    } catch (IOException e) {
      throw new IllegalStateException("cannot prepare the data files for the engines: " + e, e);
    } finally {
      DirectoryTree.deleteQuietly(slices, "data slices");
    }
  }

  /**
   * What one engine received.
   *
   * @param engine its {@code host:port}
   * @param sent files uploaded
   * @param bytes bytes uploaded
   * @param present files it already held with the same content (not sent again)
   */
  record Delivery(String engine, int sent, long bytes, int present) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s: %d file(s) sent (%d bytes), %d already there",
          engine, sent, bytes, present);
    }
  }

  /** One file for one engine: its name there, the local content and its hash. */
  record Item(DataFile file, String name, Path content, String sha256) {
  }

  private static void checkReadable(List<DataFile> files, List<String> engines) {
    List<String> problems = new ArrayList<>();
    for (DataFile file : files) {
      if (!Files.exists(file.file())) {
        problems.add(file.describe() + ", which does not exist");
      } else if (!Files.isRegularFile(file.file()) || !Files.isReadable(file.file())) {
        problems.add(file.describe() + ", which is not a readable file");
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("data file(s) the engines " + engines + " need cannot "
          + "be read on the controller: " + String.join("; ", problems) + ". Fix: create the "
          + "file or correct the path in the plan (relative paths resolve against the working "
          + "directory " + Path.of("").toAbsolutePath() + "), or -Dperf.remotes.data=off if every "
          + "engine holds the file at that path.");
    }
  }

  /**
   * Uploads {@code jars} whole to every engine, then has each engine do {@code then} with their
   * stored names. Uploads use SHA-256 and chunks, and send nothing when the engine holds the
   * content; fails naming every engine that did not, before any load.
   *
   * @param jars readable files, e.g. a run's plugin jars
   * @param token the run's token, which every upload call carries
   * @return what each engine received, one line per engine in engine order
   * @throws IOException when a jar cannot be read
   */
  public static List<String> uploadJars(List<String> engines, List<Path> jars, String token,
      JarsThen then) throws IOException {
    List<Item> items = new ArrayList<>();
    for (Path jar : jars) {
      String hash = ContentHash.sha256(jar);
      items.add(new Item(new DataFile(DataFile.Kind.PLUGIN, "perf.jmx.plugins", jar.toString(),
          jar, false, StandardCharsets.UTF_8, false), storedName(hash, jar), jar, hash));
    }
    List<String> names = items.stream().map(Item::name).toList();
    return upload(engines, engines.stream().map(e -> items).toList(), token,
        (engine, service) -> then.accept(engine, service, names)).stream()
        .map(Delivery::toString).toList();
  }

  /** What an engine does with the jars {@link #uploadJars} stored on it. */
  @FunctionalInterface
  public interface JarsThen {
    /**
     * Throws with a message naming {@code engine}, what failed and the fix.
     *
     * @param names the jars' names in the engine's store, in the order given
     */
    void accept(String engine, EngineDataService service, List<String> names) throws IOException;
  }

  /** Something an engine does with its files once they are there, within the upload's time. */
  @FunctionalInterface
  interface Then {
    /** Throws with a message naming {@code engine}, what failed and the fix. */
    void accept(String engine, EngineDataService service) throws IOException;
  }

  /** Uploads what each engine lacks, engines in parallel; returns what each received. */
  private static List<Delivery> upload(List<String> engines, List<List<Item>> perEngine,
      String token) throws IOException {
    return upload(engines, perEngine, token, (engine, service) -> { });
  }

  /**
   * As {@link #upload(List, List, String)}, each engine then doing {@code then}; fails naming
   * every engine that did not receive its files or do it in time.
   */
  static List<Delivery> upload(List<String> engines, List<List<Item>> perEngine, String token,
      Then then) throws IOException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(engines.size(), 8), r -> {
      Thread thread = new Thread(r, "perf-data-upload");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<Delivery>> results = new ArrayList<>();
      long longest = 0;
      for (int i = 0; i < engines.size(); i++) {
        String engine = engines.get(i);
        List<Item> items = perEngine.get(i);
        longest = Math.max(longest, bytes(items));
        results.add(pool.submit(() -> uploadTo(engine, items, token, then)));
      }
      long waitSeconds = BASE_WAIT.toSeconds() + longest / MIN_BYTES_PER_SECOND;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds);
      List<Delivery> lines = new ArrayList<>();
      List<String> problems = new ArrayList<>();
      for (int i = 0; i < engines.size(); i++) {
        try {
          lines.add(results.get(i).get(Math.max(1, deadline - System.nanoTime()),
              TimeUnit.NANOSECONDS));
        } catch (ExecutionException e) {
          problems.add(e.getCause().getMessage());
        } catch (TimeoutException e) {
          problems.add("engine " + engines.get(i) + " did not receive its files (data, plugins) "
              + "within " + waitSeconds + " s");
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted while sending data files to the engines");
        }
      }
      if (!problems.isEmpty()) {
        throw new IllegalArgumentException("files could not be sent to every engine, no "
            + "load was started: " + String.join("; ", problems));
      }
      return lines;
    } finally {
      pool.shutdownNow();
    }
  }

  private static long bytes(List<Item> items) throws IOException {
    long total = 0;
    for (Item item : items) {
      total += Files.size(item.content());
    }
    return total;
  }

  /** Sends {@code items} to {@code engine}; throws naming the engine, the file and the fix. */
  private static Delivery uploadTo(String engine, List<Item> items, String token, Then then)
      throws IOException {
    EngineDataService service = lookup(engine);
    int sent = 0;
    long sentBytes = 0;
    for (Item item : items) {
      try {
        if (service.holds(item.name(), item.sha256())) {
          continue;
        }
        sentBytes += send(service, item, token);
        sent++;
      } catch (IOException | RuntimeException e) {
        throw new IllegalStateException("engine " + engine + " did not accept "
            + item.file().file() + " (" + item.name() + "): " + rootMessage(e) + ". Fix: check "
            + "the engine's data directory (its log names it; -D"
            + EngineDataService.DATA_DIR_OPTION + " moves it) has room and is writable", e);
      }
    }
    then.accept(engine, service);
    return new Delivery(engine, sent, sentBytes, items.size() - sent);
  }

  private static long send(EngineDataService service, Item item, String token)
      throws IOException {
    long size = Files.size(item.content());
    long id = service.begin(token, item.name(), item.sha256(), size);
    boolean committed = false;
    try (InputStream in = Files.newInputStream(item.content())) {
      byte[] buffer = new byte[CHUNK];
      int n;
      while ((n = in.readNBytes(buffer, 0, CHUNK)) > 0) {
        service.write(token, id, n == CHUNK ? buffer : Arrays.copyOf(buffer, n));
      }
      service.commit(token, id);
      committed = true;
      return size;
    } finally {
      if (!committed) {
        try {
          service.abort(token, id);
        } catch (IOException | RuntimeException e) {
          // The first failure is the one to report.
        }
      }
    }
  }

  private static EngineDataService lookup(String engine) {
    EngineAddress address = EngineAddress.parse(engine);
    try {
      return (EngineDataService) LocateRegistry.getRegistry(address.host(), address.port(),
          RmiUtils.createClientSocketFactory()).lookup(EngineDataService.NAME);
    } catch (NotBoundException e) {
      throw new IllegalStateException("engine " + engine + " has no data-file service: it was "
          + "not started by the perf-suite launcher (plain jmeter-server, or an older launcher). "
          + "Fix: start it with java -jar perf-suite-remote-engine.jar, or copy the data files "
          + "to the plan's paths on it and run with -Dperf.remotes.data=off", e);
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("engine " + engine + ": its data-file service cannot be "
          + "reached: " + rootMessage(e), e);
    }
  }

  /** Where the engine's store keeps {@code file} of content {@code hash}. */
  static String storedName(String hash, Path file) {
    return hash.substring(0, 16) + "/" + safeName(file.getFileName().toString());
  }

  /** A file name the engine's store accepts: letters, digits, '.', '_' and '-'. */
  static String safeName(String name) {
    String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
    if (safe.startsWith(".")) {
      safe = "_" + safe.substring(1);
    }
    return safe.length() > 200 ? safe.substring(safe.length() - 200) : safe;
  }

  /**
   * Rewrites the data-file paths of the tree the plan builds, so that every engine reads its own
   * copy. Not a JMeter element: {@code paths} are keyed by {@link DataFiles#key} and rewritten once
   * the tree is built.
   */
  static TestPlanChild pathRewrite(Map<String, String> paths) {
    Map<String, String> copy = Map.copyOf(paths);
    return BuiltTree.onceBuilt(tree -> DataFiles.rewrite(tree, copy));
  }
}
