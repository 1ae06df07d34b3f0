package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against a dead loopback port (every connect refused) stops once the error rate stayed
 * above the threshold for the window, instead of running its whole profile; the JTL and the
 * summaries written so far are kept and the warnings and the SLA verdict say why it stopped.
 */
class ErrorRateAbortIT {
  @TempDir
  Path dir;

  @Test
  void shouldStopEarlyAndKeepResultsWhenTheTargetRefusesEveryConnection() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    // 2 users, 60 s hold: without the early stop the run takes a minute.
    LoadProfile profile = Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
        .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ofSeconds(1));
    LoadEngine engine = Engines.embedded(dir, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of(ResultFiles.watcher(), ErrorRateAbort.above(50, Duration.ofSeconds(3))));

    long start = System.nanoTime();
    RunResult result = engine.run(LoadPlan.of("dead-target", profile,
        httpSampler("GET dead", "http://127.0.0.1:" + port + "/")));
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    SlaVerdict verdict = Sla.overall().errorPercentBelow(1).evaluate(result);

    System.out.println("stopped after " + took.toMillis() + " ms: " + result.warnings());
    assertThat(took).as("stopped within the 3 s window plus slack, not after 60 s")
        .isLessThan(Duration.ofSeconds(40));
    assertThat(result.interrupted()).as("reported as stopped early").isTrue();
    assertThat(result.warnings()).as("why the run stopped").anyMatch(w -> w.startsWith(
        "run stopped: error rate above 50 % for 3 s") && w.contains("CONNECT"));
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("failed samples kept")
        .isPositive();
    assertThat(Files.readAllLines(dir.resolve("dead-target").resolve("results.jtl")))
        .as("JTL kept").hasSizeGreaterThan(5);
    assertThat(dir.resolve("dead-target").resolve("summary.csv")).as("summary kept").exists();
    assertThat(verdict.passed()).as("SLA verdict").isFalse();
    assertThat(verdict.toString()).as("the verdict says why the run stopped")
        .contains("error rate above 50 %");
  }
}
