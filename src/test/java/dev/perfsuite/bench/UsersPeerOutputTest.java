package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The peers' reports in the users plan, read as UsersPeersBench reads them (real samples). */
class UsersPeerOutputTest {
  private static final Duration HOLD = Duration.ofSeconds(3);

  @Test
  void shouldReadK6HoldSubMetricsOverTheHold() throws Exception {
    // k6 v1.8.1 --summary-export of a ramped run: 40 requests, 30 of them in the 3 s hold.
    String summary = """
        {"metrics": {
          "http_reqs": {"count": 40, "rate": 7.3615049626944336},
          "http_reqs{phase:hold}": {"count": 30, "rate": 5.521128722020825,
            "thresholds": {"count>=0": false}},
          "http_req_duration": {"med": 1.221517, "p(99)": 3.9545573999999983},
          "http_req_duration{phase:hold}": {"med": 1.183739, "p(99)": 1.58165287,
            "thresholds": {"max>=0": false}},
          "http_req_failed": {"passes": 4, "fails": 36, "value": 0.1},
          "http_req_failed{phase:hold}": {"passes": 1, "fails": 29,
            "thresholds": {"rate>=0": false}, "value": 0.033}
        }}
        """;
    assertThat(LoadTools.k6Hold(new ObjectMapper().readTree(summary), HOLD))
        .as("the hold's sub-metrics, req/s over the hold, not k6's whole-run rate")
        .containsEntry("rps", "10.000").containsEntry("samples", "30")
        .containsEntry("errors", "1").containsEntry("p50", "1.184")
        .containsEntry("p99", "1.582");
  }

  @Test
  void shouldReadNothingWhenK6HasNoHoldSubMetric() throws Exception {
    String summary = "{\"metrics\": {\"http_reqs\": {\"count\": 40, \"rate\": 7.36}}}";
    assertThat(LoadTools.k6Hold(new ObjectMapper().readTree(summary), HOLD))
        .as("no hold requests: no figures, a failed row").isEmpty();
  }

  @Test
  void shouldReadGatlingHoldFromItsGlobalTable() {
    String console = """
        ---- Global Information --------------------------------|---Total---|-----OK----|----KO----
        > request count                                          |        33 |        30 |         3
        > response time 50th percentile (ms)                     |        21 |        21 |         -
        > response time 99th percentile (ms)                     |        53 |        52 |         -
        > mean throughput (rps)                                  |      5.50 |      5.00 |      0.50
        """;
    assertThat(GatlingPeer.hold(console, HOLD))
        .as("req/s = hold requests / hold (the ramp's were silent), KO as errors")
        .containsEntry("rps", "11.000").containsEntry("samples", "33")
        .containsEntry("errors", "3").containsEntry("p50", "21").containsEntry("p99", "53");
    assertThat(GatlingPeer.hold("Simulation failed", HOLD)).as("no table").isEmpty();
  }

  @Test
  void shouldReadLocustHoldRowOverTheHold(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("run_stats.csv");
    Files.write(csv, List.of(
        "Type,Name,Request Count,Failure Count,Median Response Time,Requests/s,50%,99%",
        "GET,hold,30,1,22,9.7,22,34",
        "GET,ramp,12,0,21,4.0,21,30",
        ",Aggregated,42,1,22,13.7,22,34"));
    assertThat(LocustPeer.hold(csv, HOLD)).as("the hold row, req/s over the hold")
        .hasValueSatisfying(row -> assertThat(row).containsEntry("Request Count", "30")
            .containsEntry("Failure Count", "1").containsEntry("Requests/s", "10.000")
            .containsEntry("99%", "34"));
    assertThat(LocustPeer.aggregated(csv)).as("Aggregated by its name, not the hold row")
        .hasValueSatisfying(row -> assertThat(row).containsEntry("Request Count", "42"));
    Files.write(csv, List.of("Type,Name,Request Count", ",Aggregated,12"));
    assertThat(LocustPeer.hold(csv, HOLD)).as("no request in the hold").isEmpty();
  }

  @Test
  void shouldNameWhyAToolGaveNoFigures() {
    assertThat(UsersPeersBench.failure("socket: too many open files\n"))
        .as("file limit").isEqualTo("file limit (too many open files)");
    assertThat(UsersPeersBench.failure("java.lang.OutOfMemoryError: Java heap space"))
        .as("heap").isEqualTo("out of memory");
    assertThat(UsersPeersBench.failure(
        "running\n\nbench: users-peers-10000-k6 reported no throughput (exit 137)\n"))
        .as("killed").contains("exit 137").contains("OOM killer");
    assertThat(UsersPeersBench.failure("bench: x overran its limit of 300 s and was killed\n"))
        .as("the harness's own line").isEqualTo("x overran its limit of 300 s and was killed");
    assertThat(UsersPeersBench.failure("")).as("nothing to go by")
        .isEqualTo("no figures in its output");
  }
}
