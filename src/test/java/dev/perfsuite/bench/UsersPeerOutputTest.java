package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

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
  void shouldReadVegetasRequestsSentInTheHold() {
    // vegeta v12.13.0 encode -to=csv of 2 s at -rate=4/1s (the base64 headers column cut off).
    String csv = """
        1795687989694945759,200,2571390,0,0,,,,0,GET,http://127.0.0.1:18080/
        1795687989944972199,200,2427508,0,0,,,,1,GET,http://127.0.0.1:18080/
        1795687990195681911,200,2379805,0,0,,,,2,GET,http://127.0.0.1:18080/
        1795687990445612673,200,1664743,0,0,,,,3,GET,http://127.0.0.1:18080/
        1795687990698560961,200,1496242,0,0,,,,4,GET,http://127.0.0.1:18080/
        1795687990945615706,200,1592554,0,0,,,,5,GET,http://127.0.0.1:18080/
        1795687991195686223,200,1736419,0,0,,,,6,GET,http://127.0.0.1:18080/
        1795687991444851408,200,3039858,0,0,,,,7,GET,http://127.0.0.1:18080/
        """;
    assertThat(VegetaPeer.window(csv, Duration.ofMillis(400), Duration.ofSeconds(1)))
        .as("sent 400..1400 ms after the first: seq 2 to 5, req/s over the hold")
        .containsEntry("samples", "4").containsEntry("rps", "4.000")
        .containsEntry("errors", "0").containsEntry("p50", "1.593")
        .containsEntry("p99", "2.380");
  }

  @Test
  void shouldCountVegetasFailedRequestsInTheHoldAsErrors() {
    String csv = """
        1795687982804336386,0,491129,0,0,"Get ""http://127.0.0.1:18099/"": dial tcp \
        0.0.0.0:0->127.0.0.1:18099: connect: connection refused",,,0,GET,http://127.0.0.1:18099/,
        1795687983358575488,404,2752558,0,0,404 File not found,,,0,GET,\
        http://127.0.0.1:18080/missing
        """;
    assertThat(VegetaPeer.window(csv, Duration.ZERO, HOLD))
        .as("no response and a 404: both errors").containsEntry("samples", "2")
        .containsEntry("errors", "2");
    assertThat(VegetaPeer.window("", Duration.ZERO, HOLD)).as("no results").isEmpty();
  }

  @Test
  void shouldReadHeysRowsSentInTheHold() {
    // hey 0.1.4 -z 2000ms -c 2 -q 2 -o csv: each worker's ticker fires every 0.5 s.
    String csv = """
        response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset
        0.0019,0.0003,0.0000,0.0001,0.0012,0.0002,200,0.5053
        0.0032,0.0001,0.0000,0.0000,0.0029,0.0002,200,0.5058
        0.0021,0.0003,0.0000,0.0001,0.0014,0.0003,200,1.0236
        0.0219,0.0002,0.0000,0.0001,0.0188,0.0028,200,1.0057
        0.0020,0.0007,0.0000,0.0000,0.0011,0.0001,200,1.5053
        0.0017,0.0001,0.0000,0.0000,0.0014,0.0001,200,1.5059
        0.0041,0.0002,0.0000,0.0000,0.0037,0.0001,200,2.0065
        0.0042,0.0006,0.0000,0.0000,0.0034,0.0001,200,2.0064
        """;
    assertThat(HeyPeer.window(csv, Duration.ofMillis(700), Duration.ofSeconds(1)))
        .as("offsets 0.7..1.7 s: the ticks at 1.0 and 1.5 s of both workers")
        .containsEntry("samples", "4").containsEntry("rps", "4.000")
        .containsEntry("errors", "0").containsEntry("p50", "2.000")
        .containsEntry("p99", "21.900");
    assertThat(HeyPeer.window("Error: no such host", Duration.ZERO, HOLD)).as("no CSV")
        .isEmpty();
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
        "running\n\nbench: users-peers-10000-gatling reported no throughput (exit 137)\n"))
        .as("killed").contains("exit 137").contains("OOM killer");
    assertThat(UsersPeersBench.failure("bench: x overran its limit of 300 s and was killed\n"))
        .as("the harness's own line").isEqualTo("x overran its limit of 300 s and was killed");
    assertThat(UsersPeersBench.failure("")).as("nothing to go by")
        .isEqualTo("no figures in its output");
  }
}
