package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
