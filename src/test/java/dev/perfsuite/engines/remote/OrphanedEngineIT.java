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
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller killed with SIGKILL mid-run: its engine notices that no snapshot reaches the
 * controller any more and stops its own test within {@code perf.remotes.watchdog} (no engine
 * keeps loading a target for an absent controller), then serves the next run.
 */
class OrphanedEngineIT {
  private static final Duration WATCHDOG = Duration.ofSeconds(5);
  /** No request for this long: the engine's load has stopped. */
  private static final Duration QUIET = Duration.ofSeconds(2);

  @TempDir
  Path results;

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void shouldStopTheEnginesTestWithinTheWatchdogWhenTheControllerIsKilled() throws Exception {
    AtomicLong lastRequest = new AtomicLong(System.nanoTime());
    HttpServer target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    target.createContext("/", exchange -> {
      lastRequest.set(System.nanoTime());
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    target.start();
    try (LocalRemoteEngines engines = LocalRemoteEngines.start(1)) {
      String uri = "http://127.0.0.1:" + target.getAddress().getPort() + "/";
      Process controller = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
          "java").toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
          "-Dorphan.remotes=" + String.join(",", engines.addresses()),
          "-Dorphan.target=" + uri, "-Dorphan.results=" + results.resolve("killed"),
          "-Dorphan.watchdog=" + WATCHDOG.toSeconds(),
          ScenarioLauncher.class.getName(), OrphanedEngineRun.class.getName())
          .redirectErrorStream(true).start();
      StringBuilder log = new StringBuilder();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(
          controller.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          log.append(line).append('\n');
          if (line.startsWith(OrphanedEngineRun.SAMPLING)) {
            break;
          }
        }
        assertThat(log.toString()).as("the controller's run reached every engine")
            .contains(OrphanedEngineRun.SAMPLING);
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

      RunResult next = engines.engine(results, RemoteSplit.EVEN, WATCHDOG).run(LoadPlan.of(
          "after-orphan", Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
              .withIterations(20).withWarmUp(Duration.ZERO), httpSampler("GET target", uri)));
      assertThat(next.interrupted()).as("the same engine serves the next run; warnings %s",
          next.warnings()).isFalse();
      assertThat(next.overall(Phase.MEASUREMENT).samples()).as("samples of the next run")
          .isEqualTo(40);
    } finally {
      target.stop(0);
    }
  }
}
