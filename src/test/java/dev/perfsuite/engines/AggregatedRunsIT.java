package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSamples;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.remote.Aggregation;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.remote.JtlMerge;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.http.entity.ContentType;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code perf.remotes.samples=aggregate} on real child-JVM engines: every engine aggregates its
 * own samples, the controller merges snapshots; per-engine counts equal each engine's own JTL,
 * merged percentiles equal the nearest-rank percentiles of the merged JTL, a frozen (SIGSTOP)
 * engine is caught by its missing heartbeats, and {@code all} still works.
 */
@TestInstance(Lifecycle.PER_CLASS)
@Timeout(value = 400, unit = TimeUnit.SECONDS)
class AggregatedRunsIT {
  private static final double[] LEVELS = {50, 75, 90, 95, 98, 99, 99.9};
  private LocalRemoteEngines three;
  private EchoBackend echo;

  @TempDir
  Path results;

  @BeforeAll
  void startEnginesAndBackend() {
    // A little response-time spread, so the percentiles differ from one another.
    echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0));
    three = LocalRemoteEngines.start(3);
  }

  @AfterAll
  void stopEnginesAndBackend() {
    if (three != null) {
      three.close();
    }
    if (echo != null) {
      echo.close();
    }
  }

  private static LoadProfile iterations(int users, int iterations) {
    return Profiles.smoke().withUsers(users).withRampUp(Duration.ZERO)
        .withIterations(iterations).withWarmUp(Duration.ZERO);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldMatchEachEnginesJtlAndTheMergedJtlsPercentilesWhenTwoEnginesAggregate()
      throws Exception {
    LocalRemoteEngines two = LocalRemoteEngines.start(2);
    try {
      DistributedEngine engine = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15));
      RunResult result = engine.run(LoadPlan.of("aggregate-two", iterations(4, 150),
          httpSampler("GET echo", echo.uri().toString()),
          httpSampler("POST echo", echo.uri().toString()).post("x".repeat(2048),
              ContentType.TEXT_PLAIN)));

      assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
      assertThat(result.warnings()).as("no reconciliation or fetch problem")
          .noneMatch(w -> w.contains("reconciliation") || w.contains("could not be fetched"));
      LabelSummary overall = result.overall(Phase.MEASUREMENT);
      assertThat(overall.samples()).as("4 users x 150 iterations x 2 samplers").isEqualTo(1200);
      Map<String, List<String[]>> merged = rowsByEngine(result.directory().resolve("results.jtl"),
          two.addresses());
      for (int i = 0; i < 2; i++) {
        String address = two.addresses().get(i);
        long own = ownJtlRecords(two.workDirectory(i));
        assertThat(result.engines().get(address).samples())
            .as("samples of %s = lines of its own JTL", address).isEqualTo(own).isEqualTo(600);
        assertThat(merged.get(address)).as("%s's rows in the merged JTL", address).hasSize(600);
      }
      for (String label : List.of(LabelSummary.OVERALL, "GET echo", "POST echo")) {
        long[] elapsed = merged.values().stream().flatMap(List::stream)
            .filter(r -> label.equals(LabelSummary.OVERALL) || r[2].equals(label))
            .mapToLong(r -> Long.parseLong(r[1])).sorted().toArray();
        LatencyStats stats = result.measured(label).latency();
        System.out.printf("%s: %d samples, merged p50/p90/p99/p99.9 = %d/%d/%d/%d ms, max %d%n",
            label, elapsed.length, stats.p50(), stats.p90(), stats.p99(), stats.p999(),
            stats.max());
        for (double level : LEVELS) {
          long exact = nearestRank(elapsed, level);
          // HdrHistogram with 3 significant digits: exact below 2048 ms, within 0.1 % above.
          assertThat((double) stats.percentile(level)).as("%s p%s vs merged JTL", label, level)
              .isCloseTo(exact, Offset.offset(exact * 0.001));
        }
        assertThat(stats.max()).as("%s max", label).isEqualTo(elapsed[elapsed.length - 1]);
        assertThat(stats.mean()).as("%s mean", label).isCloseTo(
            Arrays.stream(elapsed).average().orElseThrow(),
            Offset.offset(1e-9));
      }
    } finally {
      two.close();
    }
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldMatchEachEnginesJtlWhenThreeEnginesAggregate() throws Exception {
    RunResult result = three.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15))
        .run(LoadPlan.of("aggregate-three", iterations(2, 40),
            httpSampler("GET echo", echo.uri().toString())));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("2 x 40 x 3").isEqualTo(240);
    Map<String, List<String[]>> merged = rowsByEngine(result.directory().resolve("results.jtl"),
        three.addresses());
    for (int i = 0; i < 3; i++) {
      String address = three.addresses().get(i);
      assertThat(result.engines().get(address).samples()).as("samples of %s", address)
          .isEqualTo(ownJtlRecords(three.workDirectory(i))).isEqualTo(80)
          .isEqualTo(merged.get(address).size());
    }
    assertThat(result.timeline().of(LabelSummary.OVERALL).stream()
        .mapToLong(p -> p.samples()).sum()).as("merged timeline").isEqualTo(240);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldLeaveTheJtlsOnTheEnginesAndSayWhereWhenKeepIsAsked() throws Exception {
    RunResult result = three.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15),
        new Aggregation(RemoteSamples.AGGREGATE, Duration.ofSeconds(1),
            RemoteJtl.KEEP)).run(LoadPlan.of("keep-jtls",
                iterations(1, 10), httpSampler("GET echo", echo.uri().toString())));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("figures still merged")
        .isEqualTo(30);
    assertThat(result.warnings()).as("the summary says where the JTLs are")
        .anySatisfy(w -> assertThat(w).contains("perf.remotes.jtl=keep")
            .contains("perf-suite-engine"));
    assertThat(Files.readAllLines(result.directory().resolve("results.jtl")))
        .as("results.jtl holds the header only").hasSize(1);
    assertThat(ownJtlRecords(three.workDirectory(0))).as("the engine's own JTL")
        .isEqualTo(10);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldStillShipEverySampleWhenAllIsAsked() {
    RunResult result = three.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15),
        Aggregation.allSamples()).run(LoadPlan.of("all-samples", iterations(1, 20),
            httpSampler("GET echo", echo.uri().toString())));

    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("1 x 20 x 3").isEqualTo(60);
    assertThat(result.engines().values()).extracting(LabelSummary::samples)
        .containsExactly(20L, 20L, 20L);
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldMeasureResponseTimeFromTheIntendedStartWhenAllIsAskedUnderTheOpenModel() {
    // One thread per engine against 50 ms responses serves at most 20 req/s; 40 are offered, so
    // arrivals queue and start late.
    LoadProfile open = Profiles.smoke().withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(3))
        .withWarmUp(Duration.ZERO).withTargetRate(40).withMaxThreads(1);
    RunResult result;
    try (EchoBackend slow = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withDelay(Duration.ofMillis(50)))) {
      result = three.engine(results, RemoteSplit.PER_ENGINE, Duration.ofSeconds(15),
          Aggregation.allSamples()).run(LoadPlan.of("all-samples-open", open,
              httpSampler("GET echo", slow.uri().toString())));
    }

    LabelSummary overall = result.overall(Phase.MEASUREMENT);
    assertThat(overall.lateStarts()).as("samples that started after their intended start, "
        + "known on the controller only through the intended start").isPositive();
    // Without the intended start the controller takes the response time to be the service time.
    assertThat(overall.response().max()).as("response time (ms), from the intended start, "
        + "against the service time's max %d ms", overall.service().max())
        .isGreaterThan(overall.service().max());
  }

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldNameAFrozenEngineWithinTheWatchdogAndKeepTheResults() throws Exception {
    Duration watchdog = Duration.ofSeconds(5);
    LocalRemoteEngines two = LocalRemoteEngines.start(2);
    try {
      String victim = two.addresses().get(1);
      LoadProfile minute = Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ZERO)
          .withThinkTime(Duration.ofMillis(20));
      DistributedEngine engine = two.engine(results, RemoteSplit.EVEN, watchdog);
      CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> engine.run(
          LoadPlan.of("engine-frozen", minute, httpSampler("GET echo", echo.uri().toString()))));
      LocalRemoteEngines.awaitSteadySampling(engine, Duration.ofSeconds(90));
      long frozen = System.nanoTime();
      two.freeze(1);
      // The watchdog declares the engine hung; the run then stops the other engine and waits
      // (bounded) for its final snapshot and JTL.
      await("hung engine reported").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(100)).until(() -> engine.failure().isPresent());
      long reported = System.nanoTime();
      RunResult result = run.get(120, TimeUnit.SECONDS);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(reported - frozen);
      System.out.printf("engine %s frozen; reported hung %d s later (watchdog %d s)%n", victim,
          seconds, watchdog.toSeconds());

      assertThat(seconds).as("reported within watchdog + 5 s")
          .isLessThanOrEqualTo(watchdog.toSeconds() + 5);
      assertThat(result.interrupted()).as("marked interrupted").isTrue();
      assertThat(result.warnings()).as("warnings name the hung engine")
          .anySatisfy(w -> assertThat(w).contains(victim).contains("hung")
              .contains("perf.remotes.watchdog"));
      assertThat(result.warnings()).as("its JTL is named as missing")
          .anySatisfy(w -> assertThat(w).contains(victim).contains("could not be fetched"));
      assertThat(result.engines().get(victim).samples()).as("the frozen engine's figures so far")
          .isPositive();
      assertThat(result.engines().get(two.addresses().get(0)).samples())
          .as("the other engine's samples").isPositive();
      assertThatThrownBy(() -> Sla.overall().errorPercentBelow(1).evaluate(result).assertPassed())
          .as("the verdict fails").hasMessageContaining("interrupted");
    } finally {
      two.close();
    }
  }

  /** Rows of the merged JTL by engine (thread names start with the engine's host:port). */
  private static Map<String, List<String[]>> rowsByEngine(Path jtl, List<String> engines)
      throws IOException {
    Map<String, List<String[]>> rows = new LinkedHashMap<>();
    engines.forEach(e -> rows.put(e, new ArrayList<>()));
    try (JtlRows merged = JtlRows.open(jtl)) {
      for (JtlRows.Row next = merged.next(); next != null; next = merged.next()) {
        JtlRows.Row row = next;
        String thread = row.get("threadName");
        String engine = engines.stream().filter(e -> thread.startsWith(e + "-")).findFirst()
            .orElseThrow(() -> new AssertionError("row from no engine: " + row));
        rows.get(engine).add(new String[] {row.get("timeStamp"), row.get("elapsed"),
            row.get("label")});
      }
    }
    return rows;
  }

  /** Records in the newest JTL an engine wrote in its own work directory. */
  private static long ownJtlRecords(Path workDirectory) throws IOException {
    try (Stream<Path> files = Files.walk(workDirectory)) {
      Path newest = files.filter(p -> p.toString().endsWith(".jtl"))
          .max(Comparator.comparingLong(p -> p.toFile().lastModified())).orElseThrow();
      return JtlMerge.records(newest);
    }
  }

  private static long nearestRank(long[] sorted, double percentile) {
    int rank = new BigDecimal(Double.toString(percentile))
        .multiply(BigDecimal.valueOf(sorted.length))
        .divide(BigDecimal.valueOf(100), 0, RoundingMode.CEILING)
        .intValueExact();
    return sorted[Math.max(1, rank) - 1];
  }
}
