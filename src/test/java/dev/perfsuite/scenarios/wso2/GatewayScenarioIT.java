package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway scenario at smoke against the in-process echo: the summary it writes must agree
 * with exact statistics recomputed from the JTL it wrote.
 */
class GatewayScenarioIT {
  private static final LoadProfile SHORT = Profiles.smoke()
      .withRampUp(Duration.ofSeconds(1)).withHold(Duration.ofSeconds(4))
      .withWarmUp(Duration.ofSeconds(2));
  private static EchoBackend echo;

  @TempDir
  static Path results;

  @BeforeAll
  static void startEcho() {
    echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0)
        .withDelay(Duration.ofMillis(2)));
  }

  @AfterAll
  static void stopEcho() {
    echo.close();
  }

  @Test
  void shouldWriteSummaryThatMatchesExactStatisticsOfItsJtl() throws Exception {
    LoadEngine engine = Engines.embedded(results, Duration.ofSeconds(5), Duration.ofSeconds(20),
        List.of(ResultFiles.watcher()));
    int bytes = 1024;
    RunResult result = engine.run(GatewayJourney.plan(echo.uri(), 4, bytes,
        GatewayJwt.generate().tokensFor(4, Instant.now()), SHORT));
    JtlSamples jtl = JtlSamples.read(result.directory());
    String label = GatewayJourney.label(bytes);

    assertThat(result.interrupted()).as("run completed").isFalse();
    assertThat(jtl.rows()).as("JTL rows").hasSizeGreaterThan(100);
    assertThat(jtl.failedCodes()).as("failed samples in the JTL").isEmpty();
    for (String scope : List.of(LabelSummary.OVERALL, label)) {
      for (Phase phase : Phase.values()) {
        LabelSummary summary = result.summary(scope, phase).orElseThrow();
        long[] raw = jtl.elapsed(scope, phase);
        assertThat(raw).as("%s %s has samples", scope, phase).isNotEmpty();
        assertThat(summary.samples()).as("%s %s sample count", scope, phase).isEqualTo(raw.length);
        long[] sorted = raw.clone();
        Arrays.sort(sorted);
        for (double p : new double[] {50, 75, 90, 95, 98, 99, 99.9}) {
          long exact = sorted[(int) Math.ceil(Math.round(p * 10) * (long) sorted.length / 1000.0)
              - 1];
          assertThat(summary.latency().percentile(p)).as("%s %s p%s vs nearest rank of the JTL",
              scope, phase, p).isEqualTo(exact);
        }
        assertThat(summary.latency().min()).as("min").isEqualTo(sorted[0]);
        assertThat(summary.latency().max()).as("max").isEqualTo(sorted[sorted.length - 1]);
        assertThat(summary.latency().mean()).as("%s %s mean", scope, phase)
            .isCloseTo(Arrays.stream(raw).average().orElseThrow(), within(1e-9));
        assertThat(summary.throughput()).as("%s %s throughput", scope, phase)
            .isCloseTo(jtl.throughput(scope, phase), within(summary.throughput() * 0.001));
      }
    }
    LabelSummary measured = result.measured(label);
    assertThat(measured.latency().p50()).as("p50 at least the echo's 2 ms delay")
        .isGreaterThanOrEqualTo(2);

    String csv = Files.readString(result.directory().resolve(ResultDirectory.SUMMARY_CSV),
        StandardCharsets.UTF_8);
    assertThat(csv).as("summary.csv lists both phases of the label")
        .contains(label + ",measurement," + measured.samples() + ",")
        .contains(label + ",warm-up,");

    ChoreoConnectTable table = new ChoreoConnectTable();
    table.add(4, bytes, GatewayPayloads.label(bytes), result.overall(Phase.MEASUREMENT));
    Path matrixCsv = table.write(results, "matrix");
    assertThat(Files.readAllLines(matrixCsv).get(0)).as("reference table columns")
        .isEqualTo("Concurrent Users,Message Size (Bytes),Total requests,"
            + "Average Response Time (ms),"
            + "Throughput (Requests/sec),Error %,Error Count,Little's law verification,"
            + "90th Percentile of Response Time (ms),95th Percentile of Response Time (ms),"
            + "99th Percentile of Response Time (ms)");
    assertThat(Files.readAllLines(matrixCsv).get(1)).as("matrix row")
        .startsWith("4,1KiB," + measured.samples() + ",");
  }
}
