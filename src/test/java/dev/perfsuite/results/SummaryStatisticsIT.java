package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.reporting.SummaryTable;
import dev.perfsuite.results.JtlSamples.Row;
import dev.perfsuite.scenarios.wso2.ChoreoConnectTable;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.apache.http.entity.ContentType;
import org.apache.jmeter.save.CSVSaveService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statistics end to end: every column of {@code summary.csv} against an independent computation
 * from the JTL alone (the phase origin too, cut as WSO2's splitter cuts it, with
 * {@code perf.warm-up.origin=first-sample}), including a case with samples above 2048 ms where
 * percentiles carry HdrHistogram's stated precision (3 significant digits: exact below 2048 ms,
 * within 0.1 % above); and the Choreo Connect table reproduced exactly as WSO2's splitter computes
 * it.
 */
class SummaryStatisticsIT {
  private static final Duration WARM_UP = Duration.ofSeconds(2);
  private static final int USERS = 6;

  @TempDir
  Path results;

  @Test
  void shouldWriteEverySummaryColumnAsRecomputedFromTheJtlIncludingSamplesAbove2048Ms()
      throws Exception {
    AtomicLong requests = new AtomicLong();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    ExecutorService workers = Executors.newFixedThreadPool(16);
    server.setExecutor(workers);
    server.createContext("/", exchange -> {
      long n = requests.incrementAndGet();
      exchange.getRequestBody().readAllBytes();
      pause(n % 5 == 0 ? 2050 + (n * 37) % 400 : n % 30);
      int status = n % 7 == 3 ? 500 : 200;
      byte[] body = "x".repeat((int) (10 + n % 90)).getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(status, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    RunResult result;
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      LoadProfile profile = Profiles.smoke().withUsers(USERS).withRampUp(Duration.ofSeconds(1))
          .withHold(Duration.ofSeconds(7)).withWarmUp(WARM_UP);
      result = withFirstSampleOrigin(() -> engine().run(LoadPlan.of("summary-columns", profile,
          httpSampler("GET a", base + "/a"),
          httpSampler("POST b", base + "/b").post("{\"payload\":\"0123456789\"}",
              ContentType.APPLICATION_JSON))));
    } finally {
      server.stop(0);
      workers.shutdownNow();
    }

    List<Row> jtl = JtlSamples.read(result.directory()).rows();
    SummaryCsv csv = SummaryCsv.read(result.directory());
    assertThat(csv.headers()).as("summary.csv columns").isEqualTo(SummaryTable.HEADERS);
    Map<String, List<Row>> groups = splitAsWso2(jtl, WARM_UP.toMillis());
    assertThat(groups.keySet()).as("labels and phases found in the JTL")
        .contains("GET a/measurement", "POST b/measurement", "TOTAL/measurement",
            "TOTAL/warm-up");
    boolean sawSlowPercentile = false;
    for (Map.Entry<String, List<Row>> group : groups.entrySet()) {
      String[] key = group.getKey().split("/");
      Phase phase = "warm-up".equals(key[1]) ? Phase.WARM_UP : Phase.MEASUREMENT;
      Expected expected = new Expected(group.getValue());
      for (String column : SummaryTable.HEADERS) {
        String cell = csv.text(key[0], phase, column);
        String what = group.getKey() + " " + column;
        switch (column) {
          case "Label" -> assertThat(cell).as(what).isEqualTo(key[0]);
          case "Phase" -> assertThat(cell).as(what).isEqualTo(key[1]);
          case "# Samples" -> assertThat(Long.parseLong(cell)).as(what).isEqualTo(expected.count());
          case "Error Count" -> assertThat(Long.parseLong(cell)).as(what)
              .isEqualTo(expected.errors());
          case "Error %" -> assertTwoDecimals(what, cell, expected.errorPercent());
          case "Throughput (Requests/sec)" -> assertTwoDecimals(what, cell, expected.throughput());
          case "Average Response Time (ms)" -> assertTwoDecimals(what, cell, expected.mean());
          case "Std Dev" -> assertTwoDecimals(what, cell, expected.stdDev());
          case "Min" -> assertThat(Long.parseLong(cell)).as(what).isEqualTo(expected.sorted()[0]);
          case "Max" -> assertThat(Long.parseLong(cell)).as(what)
              .isEqualTo(expected.sorted()[expected.sorted().length - 1]);
          case "Received (KB/sec)" -> assertTwoDecimals(what, cell, expected.kbps(true));
          case "Sent (KB/sec)" -> assertTwoDecimals(what, cell, expected.kbps(false));
          case "Average Users in the System" -> assertTwoDecimals(what, cell,
              expected.throughput() * expected.mean() / 1000);
          case "Configured Users" -> assertThat(Integer.parseInt(cell)).as(what)
              .isEqualTo(USERS);
          case "Late Starts", "Max Lag (ms)" -> assertThat(Long.parseLong(cell))
              .as("%s: no schedule in the closed model", what).isZero();
          case "Stalls Corrected" -> assertThat(Long.parseLong(cell)).as(what)
              .isBetween(0L, expected.count());
          case "Response Mean (ms)" -> assertThat(Double.parseDouble(cell))
              .as("%s: corrected, never below the service mean", what)
              .isGreaterThanOrEqualTo(expected.mean() - 0.01);
          case "Response Max" -> assertThat((double) Long.parseLong(cell)).as(what)
              .isCloseTo(expected.sorted()[expected.sorted().length - 1],
                  within(expected.sorted()[expected.sorted().length - 1] * 0.001 + 1));
          case "Response p50", "Response p90", "Response p95", "Response p99",
              "Response p99.9" -> {
            // The 2 s pauses are stalls the closed model corrects: the filled-in requests lie
            // between the user's interval and each stall, so percentiles stay within the range.
            long[] sorted = expected.sorted();
            assertThat((double) Long.parseLong(cell)).as("%s: within the samples' range", what)
                .isBetween((double) sorted[0], sorted[sorted.length - 1] * 1.001 + 1);
          }
          default -> {
            double level = percentileOf(column);
            long exact = new ExactPercentiles(expected.sorted()).at(level);
            long reported = Long.parseLong(cell);
            if (exact < 2048) {
              assertThat(reported).as("%s: exact below 2048 ms", what).isEqualTo(exact);
            } else {
              sawSlowPercentile = true;
              assertThat((double) reported).as("%s: within 0.1 %% of %d above 2048 ms", what,
                  exact).isCloseTo(exact, within(exact * 0.001));
            }
          }
        }
      }
    }
    assertThat(sawSlowPercentile).as("a percentile above 2048 ms was checked").isTrue();
  }

  @Test
  void shouldReproduceTheChoreoConnectTableAsWso2SplitterComputesIt() throws Exception {
    RunResult result;
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(3)))) {
      LoadProfile profile = Profiles.smoke().withUsers(4).withRampUp(Duration.ofSeconds(1))
          .withHold(Duration.ofSeconds(4)).withWarmUp(WARM_UP);
      result = withFirstSampleOrigin(() -> engine().run(LoadPlan.of("choreo", profile,
          httpSampler("POST echo", echo.uri().toString()).post("0123456789abcdef",
              ContentType.TEXT_PLAIN))));
    }
    List<Row> measured = splitAsWso2(JtlSamples.read(result.directory()).rows(),
        WARM_UP.toMillis())
        .get("TOTAL/measurement");
    Expected wso2 = new Expected(measured);
    // WSO2's splitter: HdrHistogram with 2 significant digits; exact below 256 ms.
    Histogram histogram = new Histogram(2);
    measured.forEach(s -> histogram.recordValue(s.elapsed()));
    assertThat(wso2.sorted()[wso2.sorted().length - 1]).as("all samples below 256 ms, where "
        + "2 and 3 significant digits agree").isLessThan(256);

    ChoreoConnectTable table = new ChoreoConnectTable();
    table.add(4, 16, "16B", result.overall(Phase.MEASUREMENT));
    List<String> lines = Files.readAllLines(table.write(results, "choreo"));
    String[] row = CSVSaveService.csvSplitString(lines.get(1), ',');
    assertThat(row[2]).as("Total requests").isEqualTo(Long.toString(wso2.count()));
    assertTwoDecimals("Average", row[3], histogram.getMean());
    assertTwoDecimals("Throughput", row[4], wso2.throughput());
    assertTwoDecimals("Error %", row[5], wso2.errorPercent());
    assertThat(row[6]).as("Error Count").isEqualTo(Long.toString(wso2.errors()));
    assertTwoDecimals("Little's law", row[7], wso2.throughput() * wso2.mean() / 1000);
    assertThat(row[8]).as("p90").isEqualTo(Long.toString(histogram.getValueAtPercentile(90)));
    assertThat(row[9]).as("p95").isEqualTo(Long.toString(histogram.getValueAtPercentile(95)));
    assertThat(row[10]).as("p99").isEqualTo(Long.toString(histogram.getValueAtPercentile(99)));
  }

  private LoadEngine engine() {
    return Engines.embedded(results, Duration.ofSeconds(5), Duration.ofSeconds(20),
        List.of(ResultFiles.watcher()));
  }

  private static RunResult withFirstSampleOrigin(Supplier<RunResult> run) {
    String key = "perf.warm-up.origin";
    String before = System.getProperty(key);
    System.setProperty(key, "first-sample");
    try {
      return run.get();
    } finally {
      if (before == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, before);
      }
    }
  }

  private static void assertTwoDecimals(String what, String cell, double expected) {
    assertThat(Double.parseDouble(cell)).as("%s (2 decimals)", what)
        .isCloseTo(expected, within(0.005 + 1e-9));
  }

  private static double percentileOf(String column) {
    return Double.parseDouble(column.substring(0, column.indexOf("th Percentile")));
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * WSO2's splitter: lines in file order, origin the earliest start seen so far, warm-up while
   * {@code start - origin <= warm-up}. Keys {@code label/phase}, plus {@code TOTAL/phase}.
   */
  private static Map<String, List<Row>> splitAsWso2(List<Row> jtl, long warmUpMillis) {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    long origin = Long.MAX_VALUE;
    for (Row sample : jtl) {
      origin = Math.min(origin, sample.timeStamp());
      String phase = sample.timeStamp() - origin <= warmUpMillis ? "warm-up" : "measurement";
      groups.computeIfAbsent(sample.label() + "/" + phase, k -> new ArrayList<>()).add(sample);
      groups.computeIfAbsent(LabelSummary.OVERALL + "/" + phase, k -> new ArrayList<>())
          .add(sample);
    }
    return groups;
  }

  /** Textbook statistics of one group, computed from the JTL rows only. */
  private record Expected(List<Row> samples) {
    long count() {
      return samples.size();
    }

    long errors() {
      return samples.stream().filter(s -> !s.success()).count();
    }

    double errorPercent() {
      return errors() * 100.0 / count();
    }

    long[] sorted() {
      return samples.stream().mapToLong(Row::elapsed).sorted().toArray();
    }

    double mean() {
      return new ExactPercentiles(sorted()).mean();
    }

    double stdDev() {
      return new ExactPercentiles(sorted()).populationStdDev();
    }

    double spanSeconds() {
      long first = samples.stream().mapToLong(Row::timeStamp).min().orElseThrow();
      long last = samples.stream().mapToLong(s -> s.timeStamp() + s.elapsed()).max()
          .orElseThrow();
      return Math.max(1, last - first) / 1000.0;
    }

    double throughput() {
      return count() / spanSeconds();
    }

    double kbps(boolean received) {
      long bytes = samples.stream().mapToLong(s -> received ? s.bytes() : s.sentBytes()).sum();
      return bytes / 1024.0 / spanSeconds();
    }
  }
}
