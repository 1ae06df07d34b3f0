package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The peers' own reports, read as PeersBench reads them (samples of each tool's real output). */
class PeerOutputTest {

  @Test
  void shouldReadGatlingGlobalInformationTable() {
    String console = """
        ---- Global Information --------------------------------|---Total---|-----OK----|----KO----
        > request count                                          |     1,579 |     1,570 |         9
        > response time 50th percentile (ms)                     |        61 |        61 |         -
        > response time 99th percentile (ms)                     |       442 |       442 |         -
        > mean throughput (rps)                                  |    394.75 |    394.75 |         -
        """;
    assertThat(GatlingPeer.global(console, "request count")).as("total, OK, KO")
        .containsExactly("1579", "1570", "9");
    assertThat(GatlingPeer.global(console, "response time 99th percentile"))
        .as("a dash is 0").containsExactly("442", "442", "0");
    assertThat(GatlingPeer.global(console, "mean throughput")).first().isEqualTo("394.75");
    assertThat(GatlingPeer.global(console, "no such line")).as("absent line").isEmpty();
  }

  @Test
  void shouldReadWrkLatencyDistributionInMilliseconds() {
    String out = """
          Latency Distribution
             50%  640.00us
             75%    1.10ms
             99%    1.20s
        """;
    assertThat(LoadTools.wrkPercentile(out, "50")).as("us to ms").hasValue("0.640");
    assertThat(LoadTools.wrkPercentile(out, "99")).as("s to ms").hasValue("1200.000");
  }

  @Test
  void shouldReadLocustAggregatedRow(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("run_stats.csv");
    Files.write(csv, List.of(
        "Type,Name,Request Count,Failure Count,Median Response Time,Requests/s,50%,99%",
        "POST,/echo,3232,0,31,920.9,31,300",
        ",Aggregated,3232,2,31,920.9,31,300"));
    assertThat(LocustPeer.aggregated(csv)).as("aggregated row by column name").hasValueSatisfying(
        row -> assertThat(row).containsEntry("Request Count", "3232")
            .containsEntry("Failure Count", "2").containsEntry("99%", "300"));
  }

  @Test
  void shouldReadVegetasJsonReportInMilliseconds() {
    // vegeta v12.13.0 report -type=json of 2 s at -rate=50/1s against a loopback server.
    String json = """
        {"latencies":{"total":348733591,"mean":3487335,"50th":1248859,"90th":8600184,\
        "95th":13380188,"99th":42345281,"max":52785027,"min":812692},\
        "bytes_in":{"total":0,"mean":0},"bytes_out":{"total":0,"mean":0},\
        "earliest":"2026-11-26T10:12:59.197630767Z","latest":"2026-11-26T10:13:01.178332692Z",\
        "end":"2026-11-26T10:13:01.179236711Z","duration":1980701925,"wait":904019,\
        "requests":100,"rate":50.48715242703669,"throughput":50.4641199239358,"success":1,\
        "status_codes":{"200":100},"errors":[]}
        """;
    assertThat(VegetaPeer.report(json)).as("ns to ms; req/s over attack and wait")
        .containsAllEntriesOf(Map.of("samples", "100", "errors", "0", "rps", "50.464",
            "p50", "1.249", "p90", "8.600", "p95", "13.380", "p99", "42.345", "mean", "3.487"));
  }

  @Test
  void shouldCountVegetasRequestsWithoutAResponseAsErrors() {
    // The same against a closed port: status 0, success 0.
    String json = """
        {"latencies":{"total":9531130,"mean":953113,"50th":539988,"90th":2660119,\
        "95th":4111392,"99th":4111392,"max":4111392,"min":285441},\
        "duration":449957648,"wait":428895,"requests":10,"rate":22.22431387586949,\
        "throughput":0,"success":0,"status_codes":{"0":10},\
        "errors":["Get \\"http://127.0.0.1:18099/\\": connect: connection refused"]}
        """;
    assertThat(VegetaPeer.report(json)).as("every request failed")
        .containsEntry("samples", "10").containsEntry("errors", "10");
    assertThat(VegetaPeer.report("")).as("no report: a failed run").isEmpty();
  }

  @Test
  void shouldReadHeysSummaryWithItsPercentilesInMilliseconds() {
    // hey 0.1.4 (Debian) -n 200 -c 5 against a loopback server.
    String out = """

        Summary:
          Total:\t0.4565 secs
          Slowest:\t0.0550 secs
          Fastest:\t0.0005 secs
          Average:\t0.0109 secs
          Requests/sec:\t438.1104

          Total data:\t1200 bytes
          Size/request:\t6 bytes

        Response time histogram:
          0.000 [1]\t|■
          0.006 [53]\t|■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■
          0.055 [5]\t|■■■


        Latency distribution:
          10% in 0.0031 secs
          25% in 0.0056 secs
          50% in 0.0097 secs
          75% in 0.0141 secs
          90% in 0.0178 secs
          95% in 0.0200 secs
          99% in 0.0546 secs

        Details (average, fastest, slowest):
          DNS+dialup:\t0.0003 secs, 0.0005 secs, 0.0550 secs
          resp wait:\t0.0099 secs, 0.0002 secs, 0.0538 secs

        Status code distribution:
          [200]\t200 responses
        """;
    assertThat(HeyPeer.summary(out)).as("hey's summary; the histogram's [n] is no status")
        .containsEntry("rps", "438.1104").containsEntry("samples", "200")
        .containsEntry("errors", "0").containsEntry("p50", "9.700")
        .containsEntry("p90", "17.800").containsEntry("p95", "20.000")
        .containsEntry("p99", "54.600").containsEntry("mean", "10.900");
  }

  @Test
  void shouldCountHeysErrorResponsesAndFailedRequests() {
    String notFound = """
        Summary:
          Requests/sec:\t282.5790

        Status code distribution:
          [404]\t20 responses
        """;
    assertThat(HeyPeer.summary(notFound)).as("404s are errors")
        .containsEntry("samples", "20").containsEntry("errors", "20");
    String refused = """
        Summary:
          Total:\t0.0018 secs
          Average:\t NaN secs
          Requests/sec:\t11029.7423

        Latency distribution:

        Status code distribution:

        Error distribution:
          [20]\tGet "http://127.0.0.1:18099/": dial tcp 127.0.0.1:18099: connect: connection refused
        """;
    assertThat(HeyPeer.summary(refused)).as("no response: an error, no percentile")
        .containsEntry("samples", "20").containsEntry("errors", "20").doesNotContainKey("p99");
    assertThat(HeyPeer.summary("hey: no such host")).as("no summary").isEmpty();
  }
}
