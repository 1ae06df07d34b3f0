package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller killed with SIGKILL, or frozen with SIGSTOP, mid-run: its engine notices that no
 * snapshot call returns any more and stops its own test within {@code perf.remotes.watchdog} (no
 * engine keeps loading a target for an absent controller), keeps its JTL, then serves the next
 * run.
 */
class OrphanedEngineIT {
  private static final Duration WATCHDOG = Duration.ofSeconds(5);
  /** No request for this long: the engine's load has stopped. */
  private static final Duration QUIET = Duration.ofSeconds(2);
  /** What the engine may take beyond the watchdog to stop sending. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  @TempDir
  Path results;

  private final AtomicLong lastRequest = new AtomicLong(System.nanoTime());
  private final AtomicLong requests = new AtomicLong();
  private HttpServer target;

  @BeforeEach
  void startTarget() throws IOException {
    target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    target.createContext("/", exchange -> {
      requests.incrementAndGet();
      lastRequest.set(System.nanoTime());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    target.start();
  }

  @AfterEach
  void stopTarget() {
    target.stop(0);
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void shouldStopTheEnginesTestWithinTheWatchdogWhenTheControllerIsKilled() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.start(1)) {
      Process controller = startSampling(engines, "killed");
      try {
        controller.destroyForcibly();
        assertThat(controller.waitFor(30, TimeUnit.SECONDS)).as("controller killed").isTrue();
      } finally {
        controller.destroyForcibly();
      }
      long killed = System.nanoTime();
      // The engine's load stops once it takes its controller for gone: no request for 2 s.
      await("the orphaned engine's load stops").atMost(WATCHDOG.plusSeconds(20))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> System.nanoTime() - lastRequest.get() >= QUIET.toNanos());
      long stoppedAfter = TimeUnit.NANOSECONDS.toSeconds(Math.max(0, lastRequest.get() - killed));
      assertThat(stoppedAfter).as("seconds until the orphaned engine stopped loading (the run "
          + "had 60 s to go)").isBetween(0L, WATCHDOG.toSeconds() + 5);

      assertServesTheNextRun(engines);
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void shouldStopTheEnginesTestWhenTheControllerFreezes() throws Exception {
    try (LocalRemoteEngines engines = LocalRemoteEngines.start(1)) {
      Process controller = startSampling(engines, "frozen");
      long frozen;
      long late;
      try {
        long before = requests.get();
        await("load flows").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
            .until(() -> requests.get() > before + 10);
        // A hung VM, a suspended laptop: its sockets stay open and accept, nothing answers.
        signal(controller, "-STOP");
        frozen = System.nanoTime();
        sleepUntil(frozen + WATCHDOG.plus(STOP_GRACE).toNanos());
        long atDeadline = requests.get();
        Thread.sleep(QUIET.multipliedBy(2).toMillis());
        late = requests.get() - atDeadline;
      } finally {
        // A stopped process dies of SIGKILL all the same.
        controller.destroyForcibly();
        controller.waitFor(30, TimeUnit.SECONDS);
      }
      long stoppedAfter = TimeUnit.NANOSECONDS.toMillis(Math.max(0, lastRequest.get() - frozen));
      assertThat(late).as("requests the target received from %d s after the freeze (the "
          + "watchdog plus %d s) on; the last came %d ms after the freeze, the run had 60 s to go",
          WATCHDOG.plus(STOP_GRACE).toSeconds(), STOP_GRACE.toSeconds(), stoppedAfter)
          .isZero();
      assertThat(engineJtlRows(engines)).as("the orphaned engine's JTL stays on the engine")
          .isPositive();

      assertServesTheNextRun(engines);
    }
  }

  /** Starts the controller of {@link OrphanedEngineRun} and returns once every engine samples. */
  private Process startSampling(LocalRemoteEngines engines, String name) throws Exception {
    String uri = uri();
    Path log = results.resolve(name + ".log");
    Process controller = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        "-Dorphan.remotes=" + String.join(",", engines.addresses()),
        "-Dorphan.target=" + uri, "-Dorphan.results=" + results.resolve(name),
        "-Dorphan.watchdog=" + WATCHDOG.toSeconds(),
        ScenarioLauncher.class.getName(), OrphanedEngineRun.class.getName())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    OrphanedEngineRun.awaitSampling(controller, log);
    return controller;
  }

  private void assertServesTheNextRun(LocalRemoteEngines engines) {
    RunResult next = engines.engine(results, RemoteSplit.EVEN, WATCHDOG).run(LoadPlan.of(
        "after-orphan", Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
            .withIterations(20).withWarmUp(Duration.ZERO), httpSampler("GET target", uri())));
    assertThat(next.interrupted()).as("the same engine serves the next run; warnings %s",
        next.warnings()).isFalse();
    assertThat(next.overall(Phase.MEASUREMENT).samples()).as("samples of the next run")
        .isEqualTo(40);
  }

  private String uri() {
    return "http://127.0.0.1:" + target.getAddress().getPort() + "/";
  }

  /** Data rows of the JTL the engine wrote for the frozen controller's run. */
  private static long engineJtlRows(LocalRemoteEngines engines) throws IOException {
    try (Stream<Path> files = Files.walk(engines.workDirectory(0))) {
      List<Path> jtls = files.filter(f -> f.toString().endsWith(".jtl")).toList();
      long rows = 0;
      for (Path jtl : jtls) {
        try (Stream<String> lines = Files.lines(jtl, StandardCharsets.UTF_8)) {
          rows += Math.max(0, lines.count() - 1);
        }
      }
      return rows;
    }
  }

  private static void signal(Process process, String signal) throws Exception {
    Process kill = new ProcessBuilder("kill", signal, String.valueOf(process.pid()))
        .inheritIO().start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0)
        .as("kill %s %d", signal, process.pid()).isTrue();
  }

  private static void sleepUntil(long nanos) throws InterruptedException {
    long left = nanos - System.nanoTime();
    if (left > 0) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }
}
