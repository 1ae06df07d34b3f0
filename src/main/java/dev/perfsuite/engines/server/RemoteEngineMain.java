package dev.perfsuite.engines.server;

import dev.perfsuite.config.KeystoreExposure;
import dev.perfsuite.config.PerfLog;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.EngineAddress;
import dev.perfsuite.engines.JmeterHome;
import dev.perfsuite.engines.RmiSockets;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunExecution;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarFile;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The remote-engine launcher: a JMeter 5.6.3 server with the suite's classes, needing no JMeter
 * install. It is what {@code bin/jmeter-server} starts, so hosts and containers need Java 17 and
 * this jar only.
 *
 * <p>It builds a throw-away JMeter home (as jmeter-java-dsl does), sets JMeter's
 * {@code search_paths} to the JMeter, plugin and suite jars of its class path (without that,
 * plugin thread groups run no sample and log nothing), applies the suite's shared JMeter
 * properties (the controller does not forward them), the RMI transport and the RMI host name,
 * and starts the server. It prints
 * {@link #READY} once the registry accepts connections and runs until killed (or until a
 * controller asks it to exit).
 *
 * <p>A plan built with the DSL travels whole in JMeter's tree; only the classes a plan names
 * (class-based scripts) must be on the engine's class path: {@code java -cp
 * perf-suite-remote-engine.jar:CLASSES RemoteEngineMain}, or {@code --classpath}, which restarts
 * the launcher in a child JVM with them. The launcher's manifest names its libraries only, so the
 * engine distribution ({@code perf-suite-<version>-engine.zip}) runs from the library's artifacts.
 */
public final class RemoteEngineMain {
  private static final Logger LOG = LoggerFactory.getLogger(RemoteEngineMain.class);
  /** Printed once the engine accepts connections; the tests and the container wait for it. */
  public static final String READY = "perf-suite remote engine ready on";
  private static final String WORK_DIR = "perf.engine.work-dir";
  private static final String WORK_DIR_VARIABLE = "PERF_ENGINE_WORK_DIR";

  private RemoteEngineMain() {
  }

  /** Starts the engine; exit status 2 for bad options, 1 when the engine cannot start. */
  public static void main(String[] args) throws Exception {
    // A command line tool: its usage, errors and banner are for the operator, on the console.
    if (List.of(args).contains("--help")) {
      System.out.println(RemoteEngineOptions.USAGE);
      return;
    }
    // The engine jar carries no log4j2 configuration: without this, Log4j's default (errors only)
    // would hide the engine's info lines and warnings.
    PerfLog.apply();
    RemoteEngineOptions options;
    try {
      options = RemoteEngineOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("ERROR: " + e.getMessage() + "\n\n" + RemoteEngineOptions.USAGE);
      System.exit(2);
      return;
    }
    if (!options.classpath().isEmpty()) {
      System.exit(restartWith(options));
      return;
    }
    RmiTransport transport;
    try {
      transport = transport(options);
    } catch (IllegalArgumentException e) {
      System.err.println("ERROR: " + e.getMessage());
      System.exit(2);
      return;
    }
    try {
      start(options, transport);
    } catch (Exception e) {
      System.err.println("ERROR: the remote engine could not start on port " + options.port()
          + ": " + e);
      LOG.debug("the remote engine could not start", e);
      System.exit(1);
      return;
    }
    // RMI's threads keep serving; this thread has nothing left to do.
    Thread.currentThread().join();
  }

  private static RmiTransport transport(RemoteEngineOptions options) {
    if (!options.ssl()) {
      refuseOpenPlainText(options);
      LOG.warn("RMI without SSL (--no-ssl): use it only on a trusted network");
      return RmiTransport.plain(options.trustedNetwork());
    }
    if (!Files.isRegularFile(options.keystore())) {
      throw new IllegalArgumentException("RMI over SSL (the default) needs a keystore, but "
          + options.keystore().toAbsolutePath() + " is not a file. Fix: create one with keytool "
          + "(docs/distributed.md), copy the controller's keystore and pass --keystore "
          + "PATH, or turn SSL off explicitly with --no-ssl on a trusted network.");
    }
    KeystoreExposure.warn(options.keystore());
    Secret password = Secrets.fromEnvironment().required(RmiTransport.PASSWORD_VARIABLE);
    return RmiTransport.ssl(options.keystore(), options.keyAlias(), password);
  }

  /**
   * Refuses RMI without SSL on an address beyond loopback unless the operator vouches for it.
   *
   * <p>A plan is code (JSR223, OS Process Sampler): whoever reaches the engine runs code on its
   * host.
   */
  static void refuseOpenPlainText(RemoteEngineOptions options) {
    InetAddress address = listenAddress(options);
    if (!address.isLoopbackAddress() && !options.trustedNetwork()) {
      throw new IllegalArgumentException("--no-ssl with --hostname "
          + options.hostname().orElse("(unset: the host's address " + address.getHostAddress()
          + ")") + " would accept plans, which are code, in the clear from every host that "
          + "reaches " + address.getHostAddress() + ". Fix: drop --no-ssl and use a keystore "
          + "(docs/distributed.md), listen on loopback (--hostname 127.0.0.1), or pass "
          + "--trusted-network when every host on that network is trusted.");
    }
  }

  /** The one address the engine's sockets listen on: {@code --hostname}, else the host's. */
  static InetAddress listenAddress(RemoteEngineOptions options) {
    try {
      return options.hostname().isPresent() ? InetAddress.getByName(options.hostname().get())
          : InetAddress.getLocalHost();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("--hostname " + options.hostname().orElse("")
          + " does not resolve (" + e.getMessage() + "). Fix: pass an address of this host "
          + "the controller reaches, such as 127.0.0.1 on one machine.", e);
    }
  }

  /** Configures JMeter in this JVM and starts its RMI server. */
  static void start(RemoteEngineOptions options, RmiTransport transport) throws Exception {
    JmeterHome.prepare();
    Properties props = JMeterUtils.getJMeterProperties();
    props.putAll(RunExecution.SHARED_PROPERTIES);
    props.putAll(RmiTransport.SAMPLE_SENDER);
    props.setProperty("search_paths", String.join(";", searchPaths(classpathEntries())));
    props.setProperty("server_port", String.valueOf(options.port()));
    props.setProperty("server.rmi.localport", String.valueOf(options.rmiPort()));
    props.putAll(transport.jmeterProperties());
    options.hostname().ifPresent(h -> System.setProperty("java.rmi.server.hostname", h));
    // Before any RMI use: every socket on --hostname only, every call with a deadline.
    RmiSockets.install();
    // Before the first export: the engine reads nothing off its allow-list.
    EngineSerialFilter.install();
    privateFolders();
    // Data files shipped by controllers: the service shares the registry's port (EngineDataStore).
    EngineDataStore.Binding dataFiles = EngineDataStore.prepare(options.port());
    // RMI reads the trees sent to JMeter's engine with the loader current at its export: the one
    // that sees the plugin jars controllers ship (EnginePlugins).
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(dataFiles.pluginLoader());
    GuardedEngine engine;
    try {
      engine = GuardedEngine.startServer(options.port());
    } finally {
      thread.setContextClassLoader(previous);
    }
    System.out.println("Data files shipped by controllers go to "
        + dataFiles.publish(engine::admitUpload));
    EngineAddress address = new EngineAddress(options.hostname().orElse("<host address>"),
        options.port());
    System.out.printf("%s %s (RMI object port %d, %s, listening on %s only%s)%n", READY, address,
        options.rmiPort(), transport, listenAddress(options).getHostAddress(),
        !transport.ssl() && options.trustedNetwork() ? ", trusted network: --trusted-network"
            : "");
    if (options.readyFile().isPresent()) {
      writeReadyFile(options.readyFile().get(), READY + " " + address);
    }
  }

  /**
   * Gives the engine a private folder of its own in the temp directory for its data and JTLs.
   *
   * <p>Unless its operator named both folders ({@code -Dperfsuite.engine.data-dir}, {@code
   * -Dperf.engine.work-dir}), it is created {@code rwx------} under an unpredictable name, so
   * another local user can neither prepare it nor read or swap what controllers ship (data
   * files, plugin jars) and the JTLs. The folder
   * outlives the engine (JTLs kept with {@code perf.remotes.jtl=keep}); a restarted engine gets a
   * new one, and controllers ship their files again.
   */
  private static void privateFolders() throws IOException {
    boolean data = System.getProperty(EngineDataStore.DATA_DIR_OPTION) == null;
    boolean work = System.getProperty(WORK_DIR) == null && System.getenv(WORK_DIR_VARIABLE) == null;
    if (!data && !work) {
      return;
    }
    // Windows has no POSIX permissions; its temp folder is the user's own already.
    Path home = FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
        ? Files.createTempDirectory("perf-suite-engine-", PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")))
        : Files.createTempDirectory("perf-suite-engine-");
    if (data) {
      System.setProperty(EngineDataStore.DATA_DIR_OPTION, home.resolve("data").toString());
    }
    if (work) {
      System.setProperty(WORK_DIR, home.resolve("work").toString());
    }
  }

  /** Writes {@code file} (a readiness probe's sign) and deletes it when the JVM stops. */
  private static void writeReadyFile(Path file, String line) throws IOException {
    Path absolute = file.toAbsolutePath();
    Files.createDirectories(absolute.getParent());
    Files.writeString(absolute, line + "\n");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        Files.deleteIfExists(absolute);
      } catch (IOException e) {
        // The JVM is going; a stale file goes with the pod's filesystem.
      }
    }, "remote-engine-ready-file"));
  }

  /**
   * The class path entries JMeter scans for plugins and functions: JMeter's own jars, the
   * jmeter-plugins jars, jmeter-java-dsl and the suite's. <b>Trap:</b> JMeter's ClassFinder loads
   * every class of every entry, so the whole class path (240 jars with the test dependencies)
   * delays each test start on an engine by tens of seconds.
   */
  static List<String> searchPaths(List<String> classpath) {
    return classpath.stream().filter(e -> {
      String name = Path.of(e).getFileName().toString();
      return name.startsWith("ApacheJMeter") || name.startsWith("jorphan")
          || name.startsWith("jmeter-plugins") || name.startsWith("jmeter-java-dsl")
          || name.startsWith("perf-suite") || Files.isDirectory(Path.of(e));
    }).toList();
  }

  /** This JVM's class path, jar manifests' Class-Path entries included, that exist. */
  private static List<String> classpathEntries() {
    Set<String> entries = new LinkedHashSet<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        entries.add(Path.of(entry).toAbsolutePath().toString());
        manifestClassPath(Path.of(entry)).forEach(entries::add);
      }
    }
    return entries.stream().filter(e -> Files.exists(Path.of(e))).toList();
  }

  private static List<String> manifestClassPath(Path jar) {
    if (!jar.toString().endsWith(".jar") || !Files.isRegularFile(jar)) {
      return List.of();
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      String classPath = Optional.ofNullable(file.getManifest())
          .map(m -> m.getMainAttributes().getValue("Class-Path")).orElse("");
      Path dir = jar.toAbsolutePath().getParent();
      List<String> result = new ArrayList<>();
      for (String item : classPath.trim().split("\\s+")) {
        if (!item.isEmpty()) {
          result.add(dir.resolve(item).normalize().toString());
        }
      }
      return result;
    } catch (IOException e) {
      return List.of();
    }
  }

  /** Runs the launcher again in a child JVM with the extra class path; returns its exit code. */
  private static int restartWith(RemoteEngineOptions options) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.add("-cp");
    List<String> classpath = new ArrayList<>(classpathEntries());
    options.classpath().forEach(e -> classpath.add(Path.of(e).toAbsolutePath().toString()));
    command.add(String.join(File.pathSeparator, classpath));
    command.add(RemoteEngineMain.class.getName());
    command.addAll(options.withoutClasspath());
    Process child = new ProcessBuilder(command).inheritIO().start();
    Runtime.getRuntime().addShutdownHook(new Thread(child::destroy, "remote-engine-child-stop"));
    return child.waitFor();
  }
}
