package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.scenarios.ScenarioLauncher;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM of a distributed run ({@code docker stop}, Kubernetes ending a pod, Jenkins' abort)
 * while one of its engines is frozen: the controller stops its engines in parallel, waits briefly,
 * and writes the summary and run.properties (interrupted) within {@code docker stop}'s 10 s.
 */
class DistributedSigTermIT {
  /** What {@code docker stop} grants before SIGKILL. */
  private static final Duration BUDGET = Duration.ofSeconds(10);

  @TempDir
  Path results;

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void shouldWriteTheSummaryWithinTenSecondsOfSigtermWithAnEngineFrozen() throws Exception {
    HttpServer target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    target.createContext("/", exchange -> {
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    target.start();
    try (LocalRemoteEngines engines = LocalRemoteEngines.start(2)) {
      Path log = results.resolve("controller.log");
      // A watchdog longer than the test: the signal, not the hung-engine check, ends the run.
      Process controller = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
          "java").toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"),
          "-Dorphan.remotes=" + String.join(",", engines.addresses()),
          "-Dorphan.target=http://127.0.0.1:" + target.getAddress().getPort() + "/",
          "-Dorphan.results=" + results, "-Dorphan.watchdog=60",
          ScenarioLauncher.class.getName(), OrphanedEngineRun.class.getName())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      long took;
      boolean exited;
      try {
        OrphanedEngineRun.awaitSampling(controller, log);
        engines.freeze(1);
        Thread.sleep(1000);
        long signalled = System.nanoTime();
        Process term = new ProcessBuilder("kill", "-TERM", String.valueOf(controller.pid()))
            .inheritIO().start();
        assertThat(term.waitFor(10, TimeUnit.SECONDS)).as("kill -TERM").isTrue();
        exited = controller.waitFor(BUDGET.toSeconds() + 20, TimeUnit.SECONDS);
        took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
      } finally {
        controller.destroyForcibly();
        controller.waitFor(30, TimeUnit.SECONDS);
      }
      System.out.printf("SIGTERM with an engine frozen: the controller exited %d ms later%n",
          took);
      Path run = results.resolve("orphan");
      String output = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(exited).as("the controller exits after SIGTERM; its log: %s", output).isTrue();
      assertThat(took).as("ms from SIGTERM to the controller's exit, summary written")
          .isLessThanOrEqualTo(BUDGET.toMillis());
      assertThat(run.resolve(ResultDirectory.SUMMARY_MD))
          .as("summary.md; the controller's log: %s", output).exists();
      assertThat(Files.readString(run.resolve(ResultDirectory.RUN_PROPERTIES)))
          .as("run.properties").contains("interrupted=true");
    } finally {
      target.stop(0);
    }
  }
}
