package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The controller's side of {@link NetworkHostsIT}, run in a JVM of its own in the root namespace
 * (RMI reads its callback address once per JVM, and this one must find it on its own): one
 * distributed run on the engines {@code netns.remotes}, against {@code netns.target}, checked
 * as {@code netns.mode} says. Never run by the build (the name matches no include).
 */
class NetworkHostsRun {
  /** Printed once every engine has sent a sample: the parent may cut a link from here on. */
  static final String SAMPLING = "NETWORK-HOSTS: every engine sampling";
  /** Printed after the partitioned run's checks: the parent mends the link and touches the file. */
  static final String PARTITION_CHECKED = "NETWORK-HOSTS: partition checked, waiting for ";
  /** Printed with the wall-clock milliseconds when the run returned. */
  static final String ENDED = "NETWORK-HOSTS: run ended at ";
  private static final int ITERATIONS = 150;
  private static final double[] LEVELS = {50, 90, 95, 99, 99.9};

  @Test
  void run() throws Exception {
    List<String> remotes = List.of(System.getProperty("netns.remotes").split(","));
    String target = System.getProperty("netns.target");
    Duration watchdog = Duration.ofSeconds(Long.getLong("netns.watchdog", 5));
    boolean partition = "partition".equals(System.getProperty("netns.mode"));
    assertThat(System.getProperty("java.rmi.server.hostname")).as("no callback address given")
        .isNull();
    DistributedEngine engine = new DistributedEngine(Path.of(System.getProperty(
        "netns.results")), Duration.ofSeconds(5), Duration.ofSeconds(10),
        List.of(ResultFiles.watcher()), remotes, RemoteSplit.EVEN, watchdog, 0,
        LocalRemoteEngines.transport());
    if (partition) {
      RunResult cut = run(engine, "netns-partition", Profiles.smoke().withUsers(4)
          .withRampUp(Duration.ZERO).withHold(Duration.ofSeconds(20)).withWarmUp(Duration.ZERO)
          .withThinkTime(Duration.ofMillis(20)), target);
      checkPartition(cut, remotes);
      Path mended = Path.of(System.getProperty("netns.mended"));
      System.out.println(PARTITION_CHECKED + mended);
      await("the parent mended the link").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(100)).until(() -> Files.exists(mended));
    }
    // The same controller and engines, no restart: the cut engine serves this run too.
    checkExact(run(engine, "netns-hosts", Profiles.smoke().withUsers(4)
        .withRampUp(Duration.ZERO).withIterations(ITERATIONS).withWarmUp(Duration.ZERO), target),
        remotes);
  }

  private static RunResult run(DistributedEngine engine, String scenario, LoadProfile profile,
      String target) {
    Thread watcher = announceWhenSampling(engine, SAMPLING);
    RunResult result = engine.run(LoadPlan.of(scenario, profile, httpSampler("GET echo",
        target)));
    watcher.interrupt();
    System.out.println(ENDED + System.currentTimeMillis());
    System.out.println("NETWORK-HOSTS: warnings " + result.warnings());
    return result;
  }

  /**
   * Prints {@code line} once every engine of {@code engine}'s run has sent a sample, so that a
   * parent process reading this JVM's output knows the load is on; a daemon, interrupt it after.
   */
  static Thread announceWhenSampling(DistributedEngine engine, String line) {
    Thread watcher = new Thread(() -> {
      try {
        await().atMost(Duration.ofMinutes(10)).pollInSameThread()
            .pollInterval(Duration.ofMillis(100)).until(engine::allEnginesSampled);
        System.out.println(line);
      } catch (RuntimeException interruptedOrNeverSampled) {
        // Interrupted as the run ended, or no engine ever sampled: nothing to announce; the
        // parent, reading for the line, fails naming what it waited for.
      }
    }, "sampling-watch");
    watcher.setDaemon(true);
    watcher.start();
    return watcher;
  }

  private static void checkExact(RunResult result, List<String> remotes) {
    assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
    assertThat(result.warnings()).as("watchdog not tripped, nothing lost")
        .noneMatch(w -> w.contains("perf.remotes.watchdog") || w.contains("could not be fetched")
            || w.contains("reconciliation"));
    assertThat(result.overall(Phase.MEASUREMENT).samples()).as("4 users x %d iterations",
        ITERATIONS).isEqualTo(4 * ITERATIONS);
    assertThat(result.engines()).as("both engines, by their own addresses")
        .containsOnlyKeys(remotes.toArray(String[]::new));
    JtlSamples jtl = JtlSamples.read(result.directory());
    assertThat(jtl.rows()).as("merged JTL rows").hasSize(4 * ITERATIONS);
    long[] elapsed = jtl.rows().stream().mapToLong(JtlSamples.Row::elapsed).sorted().toArray();
    LatencyStats stats = result.measured(LabelSummary.OVERALL).latency();
    System.out.printf("NETWORK-HOSTS: %d samples, p50/p90/p99/p99.9 %d/%d/%d/%d ms, max %d%n",
        elapsed.length, stats.p50(), stats.p90(), stats.p99(), stats.p999(), stats.max());
    for (double level : LEVELS) {
      long exact = nearestRank(elapsed, level);
      // HdrHistogram with 3 significant digits: exact below 2048 ms, within 0.1 % above.
      assertThat((double) stats.percentile(level)).as("p%s vs the merged JTL", level)
          .isCloseTo(exact, Offset.offset(exact * 0.001));
    }
    assertThat(stats.max()).as("max").isEqualTo(elapsed[elapsed.length - 1]);
    assertThat(stats.mean()).as("mean").isCloseTo(Arrays.stream(elapsed).average()
        .orElseThrow(), Offset.offset(1e-9));
    assertThat(result.overall(Phase.MEASUREMENT).errors()).as("errors = failed JTL rows")
        .isEqualTo(jtl.rows().stream().filter(r -> !r.success()).count());
  }

  private static void checkPartition(RunResult result, List<String> remotes) {
    String victim = remotes.get(remotes.size() - 1);
    assertThat(result.interrupted()).as("marked interrupted").isTrue();
    assertThat(result.warnings()).as("warnings name the cut engine and the watchdog")
        .anySatisfy(w -> assertThat(w).contains(victim).contains("perf.remotes.watchdog"));
    for (String survivor : remotes.subList(0, remotes.size() - 1)) {
      assertThat(result.engines().get(survivor).samples()).as("%s's samples kept", survivor)
          .isPositive();
    }
    assertThatThrownBy(() -> Sla.overall().errorPercentBelow(1).evaluate(result).assertPassed())
        .as("the verdict fails").hasMessageContaining("interrupted");
  }

  private static long nearestRank(long[] sorted, double percentile) {
    int rank = new BigDecimal(Double.toString(percentile))
        .multiply(BigDecimal.valueOf(sorted.length))
        .divide(BigDecimal.valueOf(100), 0, RoundingMode.CEILING).intValueExact();
    return sorted[Math.max(1, rank) - 1];
  }
}
