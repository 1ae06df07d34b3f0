package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.AmbientFlags;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.history.HistoryStore;
import dev.perfsuite.history.RunRecord;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A run's machine-readable outcome is passed only when an SLA judged it and passed: a scenario
 * that throws before {@code perf.judge} leaves {@code failed} with its cause, one that never
 * judges leaves {@code not-judged} and fails its test with the cause (Allure: broken); and a
 * report that fails after the run (out of memory, a full disk) leaves the history row and
 * verdict.json, with a named warning; a second run on a run directory in use is refused before
 * load. Each run is 2 users for 1 s against a closed loopback
 * port (every sample an error).
 */
class UnjudgedRunIT {
  private static final String INNER = "unjudged-run.inner";
  private static final ObjectMapper JSON = new ObjectMapper();
  static volatile String url;

  @TempDir
  Path dir;

  @Test
  void shouldSayFailedWithTheCauseWhenTheScenarioThrowsBeforeJudging() throws Exception {
    TestExecutionSummary summary = launch(ThrowsBeforeJudging.class);

    assertThat(summary.getTotalFailureCount()).as("the scenario's own test fails").isOne();
    JsonNode verdict = verdict("unjudged-throws");
    assertThat(verdict.path("outcome").asText()).as("outcome of a run whose scenario threw")
        .isEqualTo("failed");
    assertThat(verdict.path("failure").asText()).as("the cause in verdict.json")
        .isEqualTo("java.lang.IllegalStateException: no token in the login answer");
    assertThat(verdict.path("sla")).as("no SLA row: nothing was judged").isEmpty();
    assertThat(thresholds("unjudged-throws")).as("thresholds.xml fails the run with the cause")
        .contains("name=\"overall scenario completed\"", "<failure",
            "no token in the login answer");
    assertThat(historyOutcomes("unjudged-throws")).as("the history row's outcome: never a baseline")
        .containsExactly(Optional.of("failed"));
  }

  @Test
  void shouldSayNotJudgedWhenTheScenarioNeverJudges() throws Exception {
    TestExecutionSummary summary = launch(NeverJudges.class);

    assertThat(summary.getTestsSucceededCount()).as("an unjudged scenario never passes").isZero();
    assertThat(summary.getFailures()).as("the scenario's own test fails with the cause")
        .singleElement().extracting(f -> f.getException())
        .isInstanceOf(NotJudgedException.class).extracting(Throwable::getMessage).asString()
        .startsWith("not judged: unjudged-silent ran without perf.judge(...)");
    assertThat(verdict("unjudged-silent").path("outcome").asText())
        .as("outcome of a run no SLA judged").isEqualTo("not-judged");
    assertThat(thresholds("unjudged-silent")).as("thresholds.xml fails, never passes, the run")
        .contains("name=\"overall SLA judged\"", "<failure", "failures=\"1\"",
            "not judged: expected perf.judge(...) on this run, actual none");
    assertThat(historyOutcomes("unjudged-silent")).as("the history row's outcome: never a baseline")
        .containsExactly(Optional.of("not-judged"));
  }

  @Test
  void shouldKeepHistoryAndVerdictWhenAReportFails() throws Exception {
    url = closedPort();
    List<OptionalReport> failing = List.of(
        new OptionalReport("out-of-memory chart", (result, history) -> {
          throw new OutOfMemoryError("Java heap space");
        }),
        new OptionalReport("full-disk dashboard", (result, history) -> {
          throw new UncheckedIOException(new IOException("No space left on device"));
        }));
    RunResult result;
    Supplier<String> catalogue = () -> "catalogue";
    try (PerfSession session = new PerfSession(PerfConfig.of(flags()), catalogue, failing)) {
      result = session.run(plan("unjudged-reports", session));
    }

    JsonNode verdict = JSON.readTree(result.directory().resolve("verdict.json").toFile());
    assertThat(verdict.path("warnings").toString()).as("each failed report named in verdict.json")
        .contains("report not made: out-of-memory chart of unjudged-reports: "
            + "java.lang.OutOfMemoryError: Java heap space")
        .contains("report not made: full-disk dashboard of unjudged-reports: ")
        .contains("No space left on device");
    Path history = dir.resolve("history").resolve("unjudged-reports.csv");
    assertThat(history).as("the history row, written before the reports").exists();
    assertThat(Files.readAllLines(history)).as("this run's rows, written before the reports")
        .filteredOn(line -> line.contains(",unjudged-reports,")).isNotEmpty();
  }

  @Test
  void shouldRefuseASecondRunOnARunDirectoryInUseAndKeepTheFirstRunsFiles() throws Exception {
    url = closedPort();
    Path results = dir.resolve("results");
    Path live = Files.createDirectories(results.resolve("unjudged-busy")).resolve("results.jtl");
    Files.writeString(live, "the first run's live rows\n");
    Supplier<String> catalogue = () -> "catalogue";
    try (ResultDirectory.Lock first = ResultDirectory.lock(results, "unjudged-busy");
        PerfSession session = new PerfSession(PerfConfig.of(flags()), catalogue, List.of())) {
      assertThatThrownBy(() -> session.run(plan("unjudged-busy", session)))
          .as("a second run of the scenario on the same results directory")
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("refused before load: ")
          .hasMessageContaining("is in use by another run in this JVM running unjudged-busy")
          .hasMessageContaining("Fix: give each run its own -Dperf.results-dir");
    }
    assertThat(Files.readString(live)).as("the first run's JTL, untouched")
        .isEqualTo("the first run's live rows\n");
  }

  private List<Optional<String>> historyOutcomes(String scenario) {
    return HistoryStore.at(dir.resolve("history")).runs(scenario).stream()
        .map(RunRecord::outcome).toList();
  }

  private JsonNode verdict(String scenario) throws Exception {
    return JSON.readTree(dir.resolve("results").resolve(scenario).resolve("verdict.json")
        .toFile());
  }

  private String thresholds(String scenario) throws Exception {
    return Files.readString(dir.resolve("results").resolve(scenario).resolve("thresholds.xml"));
  }

  private Map<String, String> flags() {
    return Map.ofEntries(Map.entry("perf.backends", "embedded"),
        Map.entry("perf.profile", "smoke"), Map.entry("perf.threads", "2"),
        Map.entry("perf.ramp-up", "0s"), Map.entry("perf.hold", "1s"),
        Map.entry("perf.warm-up", "0s"), Map.entry("perf.think-time", "50ms"),
        Map.entry("perf.prime", "0s"), Map.entry("perf.progress.interval", "0s"),
        Map.entry("perf.results-dir", dir.resolve("results").toString()),
        Map.entry("perf.history.dir", dir.resolve("history").toString()));
  }

  private TestExecutionSummary launch(Class<?> scenario) throws Exception {
    url = closedPort();
    System.setProperty(INNER, "true");
    try {
      return AmbientFlags.with(flags(), () -> {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(scenario)).build(), listener);
        return listener.getSummary();
      });
    } finally {
      System.clearProperty(INNER);
    }
  }

  /** A loopback URL where nothing listens: the port was bound, then released. */
  private static String closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + socket.getLocalPort() + "/login";
    }
  }

  static LoadPlan plan(String scenario, PerfSession perf) {
    return LoadPlan.of(scenario, perf.config().profile(), httpSampler("POST login", url));
  }

  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class ThrowsBeforeJudging {
    @Test
    void shouldLogIn(PerfSession perf) {
      perf.run(plan("unjudged-throws", perf));
      // What a scenario does when its login step gave no token: it never reaches judge().
      throw new IllegalStateException("no token in the login answer");
    }
  }

  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class NeverJudges {
    @Test
    void shouldRunWithoutJudging(PerfSession perf) {
      perf.run(plan("unjudged-silent", perf));
    }
  }
}
