package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.controller.ControllerMain;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RmiTransport;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Engines found by name, and the controller entry point, outside Kubernetes: two engines on
 * network-namespace hosts (h2, h3, port 1099 each, as pods behind a headless Service), one name
 * resolving to both through a hosts file the controller's JVM reads
 * ({@code -Djdk.net.hosts.file}), and {@link ControllerMain} in a JVM of its own running the
 * README's first scenario with {@code perf.remotes=dns:NAME:1099} against the echo backend on h1.
 *
 * <p>Needs root, {@code ip} and {@code iptables} (CI installs them); skipped elsewhere with the
 * reason.
 */
@TestInstance(Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class NamedEnginesIT {
  private static final String NAME = "perf-engines.perf.test";
  private static final String TARGET = "named-engines-it";
  private static final String SCENARIO = "dev.perfsuite.scenarios.example.FirstScenarioIT";
  private static final Duration STARTUP = Duration.ofSeconds(90);
  private static final Duration CONTROLLER = Duration.ofSeconds(150);
  private static final int RMI_PORT = 1099;
  private static final Path LOGS = Path.of("target", "named-engines").toAbsolutePath();

  private NetworkHosts hosts;
  private Path hostsFile;

  @BeforeAll
  void startHosts() throws Exception {
    NetworkHosts.requireAvailable();
    Files.createDirectories(LOGS);
    hosts = NetworkHosts.up(3);
    hosts.startEcho(1, 8688, LOGS, STARTUP);
    hosts.startEngines(List.of(2, 3), RMI_PORT, LOGS, STARTUP, host -> List.of("--ready-file",
        LOGS.resolve("h" + host + ".ready").toString()));
    // The controller JVM resolves names from this file only: the engines' name, and this host.
    hostsFile = LOGS.resolve("hosts");
    Files.writeString(hostsFile, String.join("\n",
        "127.0.0.1 localhost " + InetAddress.getLocalHost().getHostName(),
        hosts.address(2) + " " + NAME,
        hosts.address(3) + " " + NAME) + "\n", StandardCharsets.UTF_8);
    Path targetFile = Path.of("target", "test-classes", "targets", TARGET + ".properties");
    Files.createDirectories(targetFile.getParent());
    Files.writeString(targetFile, "# Written by NamedEnginesIT: the echo backend on host h1.\n"
        + "echo.url=http://" + hosts.address(1) + ":8688/\n", StandardCharsets.UTF_8);
  }

  @AfterAll
  void stopHosts() {
    if (hosts != null) {
      hosts.close();
    }
  }

  @Test
  @Order(1)
  void shouldFailBeforeLoadNamingHowManyEnginesAnsweredWhenFewerThanExpected()
      throws Exception {
    Controller run = controller("missing", 3, Duration.ofSeconds(3));

    assertThat(run.exit).as("exit status, output in %s", run.log).isEqualTo(1);
    assertThat(run.output).as("the failure names the count and the engines that answered")
        .contains("2 of 3 engines answered within perf.remotes.wait=3s")
        .contains(hosts.address(2) + ":" + RMI_PORT).contains(hosts.address(3) + ":" + RMI_PORT)
        .doesNotContain("=== first-scenario");
  }

  @Test
  @Order(2)
  void shouldRunTheScenarioOnEveryEngineTheNameResolvesTo() throws Exception {
    Controller run = controller("found", 2, Duration.ofSeconds(30));

    assertThat(run.exit).as("the controller's verdict, output in %s", run.log).isZero();
    assertThat(run.output).as("both engines found by name")
        .contains("Engines of [dns:" + NAME + ":" + RMI_PORT + "]: [" + hosts.address(2) + ":"
            + RMI_PORT + ", " + hosts.address(3) + ":" + RMI_PORT + "]");
    Path results = LOGS.resolve("found");
    assertThat(results.resolve("perf-results").resolve("first-scenario").resolve("results.jtl"))
        .as("the merged JTL in the results folder").isRegularFile();
    assertThat(results.resolve("allure-results")).as("Allure results in the results folder")
        .isDirectoryContaining("glob:**-result.json");
    assertThat(results.resolve("controller-summary.txt")).as("the launcher's summary")
        .content().contains("Controller verdict: PASSED");
    assertThat(LOGS.resolve("h2.ready")).as("--ready-file of an engine").isRegularFile();
  }

  private record Controller(int exit, String output, Path log) {
  }

  /** Runs {@link ControllerMain} in a fresh JVM reading {@link #hostsFile}, bounded. */
  private Controller controller(String name, int expected, Duration wait) throws Exception {
    Path log = LOGS.resolve("controller-" + name + ".log");
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "-Xmx384m", "-cp", System.getProperty("java.class.path"),
        "-Djdk.net.hosts.file=" + hostsFile, "-Dperf.target=" + TARGET,
        "-Dperf.engine=distributed", "-Dperf.remotes=dns:" + NAME + ":" + RMI_PORT,
        "-Dperf.remotes.expected=" + expected, "-Dperf.remotes.wait=" + wait.toSeconds() + "s",
        "-Dperf.rmi.keystore=" + LocalRemoteEngines.keystore(),
        ControllerMain.class.getName(), "--scenario", SCENARIO,
        "--results", LOGS.resolve(name).toString())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put(RmiTransport.PASSWORD_VARIABLE, LocalRemoteEngines.password());
    builder.environment().remove("PERF_HISTORY_DIR");
    builder.environment().remove("PERF_BACKENDS");
    Process child = builder.start();
    if (!child.waitFor(CONTROLLER.toSeconds(), TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("the controller did not end within " + CONTROLLER + ": " + log);
    }
    return new Controller(child.exitValue(), Files.readString(log, StandardCharsets.UTF_8),
        log);
  }
}
