package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Distributed runs on real JMeter remote engines, started as child JVMs on loopback ports: the
 * samples of every engine add up in the controller's recorder, a killed engine is reported within
 * the watchdog bound, and engines are reused across runs.
 */
@TestInstance(Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DistributedEngineIT {
  private LocalRemoteEngines three;
  private EchoBackend echo;

  @TempDir
  Path results;

  @BeforeAll
  void startEnginesAndBackend() {
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
  @Timeout(value = 200, unit = TimeUnit.SECONDS)
  void shouldAddUpSamplesOfTwoEnginesWhenUsersAreSplitEvenly() throws Exception {
    LocalRemoteEngines two = LocalRemoteEngines.start(2);
    try {
      RunResult result = two.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15))
          .run(LoadPlan.of("distributed-even", iterations(4, 25),
              httpSampler("GET echo", echo.uri().toString())));

      LabelSummary overall = result.overall(Phase.MEASUREMENT);
      assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
      assertThat(overall.samples()).as("4 users split 2+2 x 25 iterations").isEqualTo(100);
      assertThat(overall.errors()).as("errors").isZero();
      assertThat(result.engines()).as("per-engine breakdown")
          .containsOnlyKeys(two.addresses().toArray(String[]::new));
      result.engines().forEach((engine, summary) -> assertThat(summary.samples())
          .as("samples of %s: 2 threads x 25 iterations", engine).isEqualTo(50));
      assertThat(JtlSamples.read(result.directory()).rows()).as("JTL rows from both engines")
          .hasSize(100);
      assertThat(Files.readString(result.directory().resolve(ResultDirectory.SUMMARY_MD)))
          .as("summary names each engine").contains(two.addresses().get(0))
          .contains(two.addresses().get(1));
    } finally {
      two.close();
    }
  }

  @Test
  @Timeout(value = 200, unit = TimeUnit.SECONDS)
  void shouldAddUpSamplesOfThreeEnginesWhenEachRunsTheFullProfile() {
    DistributedEngine engine = three.engine(results, RemoteSplit.PER_ENGINE,
        Duration.ofSeconds(15));
    for (int run = 1; run <= 2; run++) {
      RunResult result = engine.run(LoadPlan.of("distributed-per-engine", iterations(2, 10),
          httpSampler("GET echo", echo.uri().toString())));

      assertThat(result.interrupted()).as("run %d completed; warnings %s", run,
          result.warnings()).isFalse();
      assertThat(result.overall(Phase.MEASUREMENT).samples())
          .as("run %d: 2 threads x 3 engines x 10 iterations", run).isEqualTo(60);
      assertThat(result.engines().values()).as("run %d: each engine's share", run)
          .extracting(LabelSummary::samples).containsExactly(20L, 20L, 20L);
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldRejectAnUnevenSplitBeforeLoad() {
    DistributedEngine engine = three.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(15));

    assertThatThrownBy(() -> engine.run(LoadPlan.of("uneven", iterations(4, 1),
        httpSampler("GET echo", echo.uri().toString()))))
        .as("4 users on 3 engines")
        .hasMessageContaining("cannot divide 4 users")
        .hasMessageContaining("3 engines")
        .hasMessageContaining("perf.remotes.split=per-engine");
  }

  @Test
  @Timeout(value = 220, unit = TimeUnit.SECONDS)
  void shouldStopTheRunAndNameTheEngineWhenOneDiesMidRun() throws Exception {
    Duration watchdog = Duration.ofSeconds(4);
    LocalRemoteEngines two = LocalRemoteEngines.start(2);
    try {
      String victim = two.addresses().get(1);
      LoadProfile minute = Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ZERO)
          .withThinkTime(Duration.ofMillis(20));
      DistributedEngine engine = two.engine(results, RemoteSplit.EVEN, watchdog);
      CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> engine.run(
          LoadPlan.of("engine-dies", minute, httpSampler("GET echo", echo.uri().toString()))));
      LocalRemoteEngines.awaitSteadySampling(engine, Duration.ofSeconds(75));
      long killed = System.nanoTime();
      two.kill(1);
      RunResult result = run.get(90, TimeUnit.SECONDS);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
      System.out.printf("engine %s killed; the run ended %d s later (watchdog %d s)%n", victim,
          seconds, watchdog.toSeconds());

      // Watchdog, plus up to 10 s for the live engine's last batch, plus polling slack.
      assertThat(seconds).as("run ended this long after the kill")
          .isLessThanOrEqualTo(watchdog.toSeconds() + 10 + 6);
      assertThat(result.interrupted()).as("marked interrupted").isTrue();
      assertThat(result.warnings()).as("warnings name the lost engine")
          .anySatisfy(w -> assertThat(w).contains(victim).contains("perf.remotes.watchdog"));
      assertThat(result.overall(Phase.MEASUREMENT).samples()).as("samples kept").isPositive();
      assertThat(result.engines().get(two.addresses().get(0)).samples())
          .as("the surviving engine's samples").isPositive();
      // Aggregate mode: the dead engine's figures count up to its last snapshot, but its JTL
      // died with it; results.jtl holds the survivor's, and a warning names the missing one.
      assertThat(JtlSamples.read(result.directory()).rows()).as("the survivor's JTL")
          .hasSize((int) result.engines().get(two.addresses().get(0)).samples());
      assertThat(result.warnings()).as("the lost engine's JTL is named")
          .anySatisfy(w -> assertThat(w).contains(victim).contains("could not be fetched"));
      assertThat(result.incompleteResults()).as("results.jtl lacks the lost engine's samples: "
          + "the results are incomplete").hasValueSatisfying(w -> assertThat(w).contains(victim));
      assertThat(Sla.overall().errorPercentBelow(1).evaluate(result).failures())
          .as("the SLA's completeness row fails").anySatisfy(f -> assertThat(
              f.threshold().metric()).isEqualTo(Metric.RESULTS_COMPLETE));
      assertThatThrownBy(() -> Sla.overall().errorPercentBelow(1).evaluate(result).assertPassed())
          .as("the verdict fails").hasMessageContaining("interrupted");
    } finally {
      two.close();
    }
  }
}
