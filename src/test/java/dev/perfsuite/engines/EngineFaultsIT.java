package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SummaryCsv;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of the target during a run are counted and classified, never crash the run, and the
 * JTL and summary are written even when the run is interrupted.
 */
class EngineFaultsIT {
  /** How long the flaky server answers 200, counted from the first request it gets. */
  private static final long HEALTHY_MILLIS = 1500;
  private static final LoadProfile FEW_SECONDS = Profiles.smoke().withUsers(2)
      .withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(3)).withWarmUp(Duration.ZERO);

  @TempDir
  Path results;

  private LoadEngine engine(Duration responseTimeout) {
    return Engines.embedded(results, Duration.ofSeconds(2), responseTimeout,
        List.of(ResultFiles.watcher()));
  }

  @Test
  void shouldClassifyRefusedConnectionsAndStillWriteResults() throws Exception {
    int closedPort;
    try (ServerSocket probe = new ServerSocket(0)) {
      closedPort = probe.getLocalPort();
    }
    LoadProfile profile = FEW_SECONDS.withThinkTime(Duration.ofMillis(50));
    RunResult result = engine(Duration.ofSeconds(2)).run(LoadPlan.of("refused", profile,
        httpSampler("GET refused", "http://127.0.0.1:" + closedPort + "/")));

    LabelSummary overall = result.overall(Phase.MEASUREMENT);
    assertThat(overall.samples()).as("samples despite the dead target").isPositive();
    assertThat(overall.errorsByCause()).as("every error is a connect error")
        .containsOnlyKeys(ErrorCause.CONNECT)
        .containsEntry(ErrorCause.CONNECT, overall.samples());
    assertThat(JtlSamples.read(result.directory()).rows()).as("JTL rows")
        .hasSize((int) overall.samples());
    assertThat(result.directory().resolve(ResultDirectory.SUMMARY_CSV)).as("summary written")
        .exists();
    assertThatThrownBy(() -> Sla.overall().errorPercentBelow(1).evaluate(result).assertPassed())
        .as("the verdict names the cause")
        .hasMessageContaining("SLA breached").hasMessageContaining("CONNECT");
  }

  @Test
  void shouldCountServerErrorsThatStartMidRunAndNameThemInTheVerdict() throws Exception {
    // The healthy window starts at the first request, not before JMeter starts: a slow engine
    // start must not eat it, or the run would see only 503s.
    AtomicLong firstRequest = new AtomicLong(-1);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      long now = System.currentTimeMillis();
      firstRequest.compareAndSet(-1, now);
      int status = now - firstRequest.get() < HEALTHY_MILLIS ? 200 : 503;
      exchange.sendResponseHeaders(status, 2);
      exchange.getResponseBody().write("ok".getBytes());
      exchange.close();
    });
    server.start();
    try {
      LoadProfile profile = FEW_SECONDS.withThinkTime(Duration.ofMillis(20));
      RunResult result = engine(Duration.ofSeconds(2)).run(LoadPlan.of("server-errors", profile,
          httpSampler("GET flaky", "http://127.0.0.1:" + server.getAddress().getPort() + "/")));

      LabelSummary overall = result.overall(Phase.MEASUREMENT);
      JtlSamples jtl = JtlSamples.read(result.directory());
      long ok = jtl.rows().stream().filter(JtlSamples.Row::success).count();
      assertThat(ok).as("successes in the healthy %d ms after the first request", HEALTHY_MILLIS)
          .isPositive();
      assertThat(overall.errors()).as("503s counted").isPositive().isLessThan(overall.samples());
      assertThat(overall.errorsByCause()).as("classified as HTTP status")
          .containsOnlyKeys(ErrorCause.HTTP_STATUS);
      assertThat(overall.errorsByStatus()).as("by status").containsOnlyKeys("503");
      assertThat(jtl.failedCodes()).as("JTL agrees").containsOnlyKeys("503")
          .containsEntry("503", overall.errors());
      SummaryCsv summary = SummaryCsv.read(result.directory());
      assertThat(summary.count(LabelSummary.OVERALL, Phase.MEASUREMENT, "Error Count"))
          .as("summary.csv errors = the JTL's 503s").isEqualTo(jtl.failedCodes().get("503"));
      assertThat(summary.count(LabelSummary.OVERALL, Phase.MEASUREMENT, "# Samples"))
          .as("summary.csv samples = JTL rows").isEqualTo(jtl.rows().size());

      SlaVerdict verdict = Sla.overall().errorPercentBelow(1).evaluate(result);
      assertThat(verdict.passed()).as("an SLA of under 1 %% errors fails on the 503s").isFalse();
      assertThatThrownBy(verdict::assertPassed).as("the verdict names cause and status")
          .hasMessageContaining("SLA breached")
          .hasMessageContaining("HTTP_STATUS " + overall.errors() + " (503 x" + overall.errors()
              + ")");
    } finally {
      server.stop(0);
    }
  }

  @Test
  void shouldClassifyResponseTimeoutsAndNameThemInTheVerdict() {
    try (EchoBackend slow = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(400)))) {
      RunResult result = engine(Duration.ofMillis(100)).run(LoadPlan.of("timeouts", FEW_SECONDS,
          httpSampler("GET slow", slow.uri().toString())));

      LabelSummary overall = result.overall(Phase.MEASUREMENT);
      assertThat(overall.samples()).as("samples").isPositive();
      assertThat(overall.errorsByCause()).as("every sample timed out")
          .containsOnlyKeys(ErrorCause.TIMEOUT)
          .containsEntry(ErrorCause.TIMEOUT, overall.samples());
      SummaryCsv summary = SummaryCsv.read(result.directory());
      assertThat(summary.count(LabelSummary.OVERALL, Phase.MEASUREMENT, "Error Count"))
          .as("summary.csv: every JTL row an error")
          .isEqualTo(JtlSamples.read(result.directory()).rows().size());
      assertThat(summary.number(LabelSummary.OVERALL, Phase.MEASUREMENT, "Error %"))
          .as("summary.csv error %%").isEqualTo(100.0);

      SlaVerdict verdict = Sla.overall().errorPercentBelow(1).evaluate(result);
      assertThat(verdict.passed()).as("an SLA of under 1 %% errors fails on timeouts").isFalse();
      assertThatThrownBy(verdict::assertPassed).as("the verdict names the cause")
          .hasMessageContaining("SLA breached")
          .hasMessageContaining("TIMEOUT " + overall.samples());
    }
  }

  @Test
  void shouldKeepResultsOfAnInterruptedRun() throws Exception {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(5)))) {
      LoadProfile long30s = FEW_SECONDS.withHold(Duration.ofSeconds(30));
      CompletableFuture<RunResult> run = new CompletableFuture<>();
      Thread runner = new Thread(() -> run.complete(engine(Duration.ofSeconds(2))
          .run(LoadPlan.of("interrupted", long30s,
              httpSampler("GET echo", echo.uri().toString())))));
      long started = System.nanoTime();
      runner.start();
      // Interrupted mid-run, once samples reach the JTL (a header and a row).
      Path jtl = results.resolve("interrupted").resolve(ResultDirectory.JTL);
      await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100))
          .until(() -> Files.exists(jtl) && Files.readAllLines(jtl).size() >= 2);
      runner.interrupt();
      RunResult result = run.get(40, TimeUnit.SECONDS);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);

      assertThat(seconds).as("stopped long before the 30 s hold").isLessThan(20);
      assertThat(result.interrupted()).as("marked interrupted").isTrue();
      LabelSummary overall = result.overall(Phase.MEASUREMENT);
      assertThat(overall.samples()).as("samples kept").isPositive();
      assertThat(JtlSamples.read(result.directory()).rows()).as("every sample reached the JTL")
          .hasSize((int) overall.samples());
      assertThat(Files.readString(result.directory().resolve(ResultDirectory.RUN_PROPERTIES)))
          .as("run facts").contains("interrupted=true");
      assertThatThrownBy(() -> Sla.overall().errorPercentBelow(1).evaluate(result).assertPassed())
          .as("an interrupted run never passes").hasMessageContaining("interrupted");
    }
  }
}
