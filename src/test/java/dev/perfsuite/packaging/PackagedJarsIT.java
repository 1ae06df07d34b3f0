package dev.perfsuite.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.echo.EchoBackendMain;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.server.RemoteEngineMain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Starts each packaged jar as an operator would ({@code java -jar}) with every flag its
 * {@code --help} lists, and checks that it serves: a class the shade filter or the manifest
 * misses shows here as a jar that dies on a documented flag, not in the field.
 *
 * <p>Runs after {@code package}, so the jars under {@code target/} are this build's. A flag added
 * to a jar's help without being exercised here fails {@link #flagsExercised}.
 */
@Timeout(300)
final class PackagedJarsIT {
  private static final Path TARGET = Path.of("target");
  private static final Duration READY_WITHIN = Duration.ofSeconds(60);
  private static final Pattern FLAG = Pattern.compile("(?m)^\\s+(--[a-z][a-z-]*)");

  @Test
  void shouldServeEchoesWithEveryFlagTheEchoJarLists() throws Exception {
    Path jar = TARGET.resolve("perf-suite-echo.jar");
    List<String> args = List.of("--port", "0", "--host", "127.0.0.1", "--boss-threads", "1",
        "--worker-threads", "2", "--delay", "1", "--stall", "10s:100ms",
        "--max-content-length", "4096");
    assertThat(flagsExercised(args)).as("flags of %s --help exercised", jar)
        .isEqualTo(flagsListed(jar));

    try (JarProcess echo = JarProcess.start(jar, args, Map.of())) {
      String ready = echo.awaitLine(EchoBackendMain.READY_LINE_PREFIX, READY_WITHIN);
      int port = Integer.parseInt(ready.substring(ready.indexOf(EchoBackendMain.READY_LINE_PREFIX)
          + EchoBackendMain.READY_LINE_PREFIX.length()).trim());
      HttpClient client = HttpClient.newHttpClient();
      URI uri = URI.create("http://127.0.0.1:" + port + "/hello");

      HttpResponse<String> echoed = client.send(HttpRequest.newBuilder(uri)
          .timeout(Duration.ofSeconds(10))
          .POST(HttpRequest.BodyPublishers.ofString("{\"greeting\":\"hello\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> tooLarge = client.send(HttpRequest.newBuilder(uri)
          .timeout(Duration.ofSeconds(10))
          .POST(HttpRequest.BodyPublishers.ofString("x".repeat(8192))).build(),
          HttpResponse.BodyHandlers.ofString());

      assertThat(echoed.statusCode()).as("echo status, output:%n%s", echo.output()).isEqualTo(200);
      assertThat(echoed.body()).as("echoed body").isEqualTo("{\"greeting\":\"hello\"}");
      assertThat(tooLarge.statusCode()).as("a body over --max-content-length 4096")
          .isEqualTo(413);
    }
  }

  @Test
  void shouldAcceptControllersWithEveryFlagTheRemoteEngineJarLists() throws Exception {
    Path jar = TARGET.resolve("perf-suite-remote-engine.jar");
    Path keystore = LocalRemoteEngines.keystore();
    int sslPort = freePort();
    Path readyFile = TARGET.resolve("packaged-engine-" + sslPort + ".ready").toAbsolutePath();
    List<String> ssl = List.of("--port", String.valueOf(sslPort), "--rmi-port",
        String.valueOf(freePort()), "--hostname", "127.0.0.1", "--keystore", keystore.toString(),
        "--key-alias", "rmi", "--ssl", "--ready-file", readyFile.toString());
    int plainPort = freePort();
    // --trusted-network on loopback changes nothing but the start line: loopback needs no trust.
    List<String> plain = List.of("--port", String.valueOf(plainPort), "--hostname", "127.0.0.1",
        "--no-ssl", "--trusted-network", "--classpath",
        TARGET.resolve("test-classes").toAbsolutePath().toString());
    List<String> all = new ArrayList<>(ssl);
    all.addAll(plain);
    assertThat(flagsExercised(all)).as("flags of %s --help exercised", jar)
        .isEqualTo(flagsListed(jar));

    Map<String, String> password = Map.of(RmiTransport.PASSWORD_VARIABLE,
        LocalRemoteEngines.password());
    try (JarProcess sslEngine = JarProcess.start(jar, ssl, password);
        JarProcess plainEngine = JarProcess.start(jar, plain, Map.of())) {
      sslEngine.awaitLine(RemoteEngineMain.READY, READY_WITHIN);
      // --classpath restarts the launcher in a child JVM: its ready line proves the restart.
      plainEngine.awaitLine(RemoteEngineMain.READY, READY_WITHIN);

      assertThat(accepts(sslPort)).as("SSL engine's registry port %d accepts", sslPort).isTrue();
      assertThat(readyFile).as("--ready-file written once ready (the chart's readiness probe)")
          .isRegularFile();
      assertThat(LocateRegistry.getRegistry("127.0.0.1", plainPort).list())
          .as("names bound in the plain engine's RMI registry").contains("JMeterEngine");
    }
  }

  /**
   * The engine distribution a team's project unpacks (perf-suite-VERSION-engine.zip): its
   * launcher names its own libraries only, and an engine starts from the unpacked folder with
   * nothing of this repository's build beside it.
   */
  @Test
  void shouldStartAnEngineFromTheEngineDistributionAlone() throws Exception {
    Path zip;
    try (Stream<Path> files = Files.list(TARGET)) {
      zip = files.filter(f -> f.getFileName().toString().matches("perf-suite-.+-engine\\.zip"))
          .findFirst().orElse(null);
    }
    assertThat(zip).as("target/perf-suite-<version>-engine.zip (mvn package builds it)")
        .isNotNull();
    Path home = Files.createTempDirectory(TARGET.toAbsolutePath(), "engine-distribution-");
    unzip(zip, home);
    Path launcher = home.resolve("perf-suite-engine").resolve("perf-suite-remote-engine.jar");
    List<String> classPath;
    try (JarFile jar = new JarFile(launcher.toFile())) {
      classPath = List.of(jar.getManifest().getMainAttributes()
          .getValue(Attributes.Name.CLASS_PATH).trim().split("\\s+"));
    }
    assertThat(classPath).as("the launcher's manifest Class-Path: its libraries, no test jar")
        .isNotEmpty()
        .allMatch(entry -> entry.startsWith("remote-engine-lib/") && !entry.contains("tests"));
    // The manifest also names the backends kept out of remote-engine-lib; the JVM skips them.
    assertThat(classPath.stream().filter(entry -> entry.matches(
        "remote-engine-lib/(ApacheJMeter|jorphan|jmeter-java-dsl).*")))
        .as("JMeter's and the DSL's libraries the manifest names, in the distribution")
        .hasSizeGreaterThan(3)
        .allMatch(entry -> Files.isRegularFile(launcher.resolveSibling(entry)));

    int port = freePort();
    List<String> args = List.of("--port", String.valueOf(port), "--hostname", "127.0.0.1",
        "--no-ssl");
    try (JarProcess engine = JarProcess.start(launcher, args, Map.of())) {
      engine.awaitLine(RemoteEngineMain.READY, READY_WITHIN);
      assertThat(LocateRegistry.getRegistry("127.0.0.1", port).list())
          .as("names bound in the distribution's engine registry").contains("JMeterEngine");
    }
  }

  private static void unzip(Path zip, Path into) throws IOException {
    try (ZipFile file = new ZipFile(zip.toFile())) {
      for (ZipEntry entry : Collections.list(file.entries())) {
        Path target = into.resolve(entry.getName()).normalize();
        if (!target.startsWith(into)) {
          throw new IOException("zip entry outside its folder: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          try (var in = file.getInputStream(entry)) {
            Files.copy(in, target);
          }
        }
      }
    }
  }

  private static Set<String> flagsListed(Path jar) throws Exception {
    assertThat(jar).as("packaged jar (built by mvn package)").isRegularFile();
    Path output = Files.createTempFile("jar-help", ".txt");
    Process help = new ProcessBuilder(java(), "-jar", jar.toString(), "--help")
        .redirectErrorStream(true).redirectOutput(output.toFile()).start();
    boolean exited = help.waitFor(READY_WITHIN.toSeconds(), TimeUnit.SECONDS);
    if (!exited) {
      help.destroyForcibly().waitFor();
    }
    String text = Files.readString(output);
    Files.delete(output);
    assertThat(exited).as("%s --help exits within %s, output:%n%s", jar, READY_WITHIN, text)
        .isTrue();
    assertThat(help.exitValue()).as("%s --help exit code, output:%n%s", jar, text).isZero();
    Set<String> flags = new TreeSet<>();
    Matcher matcher = FLAG.matcher(text);
    while (matcher.find()) {
      flags.add(matcher.group(1));
    }
    assertThat(flags).as("flags listed by %s --help", jar).contains("--help");
    return flags;
  }

  private static Set<String> flagsExercised(List<String> args) {
    Set<String> flags = new TreeSet<>();
    args.stream().filter(arg -> arg.startsWith("--")).forEach(flags::add);
    flags.add("--help");
    return flags;
  }

  private static boolean accepts(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A jar started as a child process; closing stops it and every process it started. */
  private static final class JarProcess implements AutoCloseable {
    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final String command;

    private JarProcess(Process process, String command) {
      this.process = process;
      this.command = command;
      Thread reader = new Thread(() -> {
        try (var lines = process.inputReader()) {
          lines.lines().forEach(line -> output.append(line).append('\n'));
        } catch (IOException | UncheckedIOException e) {
          // The process ended; what it printed is kept.
        }
      }, "jar-output");
      reader.setDaemon(true);
      reader.start();
    }

    static JarProcess start(Path jar, List<String> args, Map<String, String> env)
        throws IOException {
      List<String> command = new ArrayList<>(List.of(java(), "-jar", jar.toString()));
      command.addAll(args);
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
      builder.environment().putAll(env);
      return new JarProcess(builder.start(), String.join(" ", command));
    }

    /** Waits until a line containing {@code marker} is printed; fails on exit or timeout. */
    String awaitLine(String marker, Duration within) {
      try {
        return Awaitility.await("a line containing '" + marker + "' from " + command)
            .atMost(within)
            .pollInterval(Duration.ofMillis(100))
            .failFast("the process exited", () -> !process.isAlive()
                && readyLine(marker).isEmpty())
            .until(() -> readyLine(marker), Optional::isPresent)
            .orElseThrow();
      } catch (RuntimeException e) {
        throw new AssertionError(e.getMessage() + "; output:\n" + output(), e);
      }
    }

    private Optional<String> readyLine(String marker) {
      return output().lines().filter(line -> line.contains(marker)).findFirst();
    }

    String output() {
      return output.toString();
    }

    @Override
    public void close() throws InterruptedException {
      process.descendants().forEach(ProcessHandle::destroy);
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
      }
    }
  }
}
