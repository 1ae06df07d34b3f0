package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.AmbientFlags;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Two sessions in one JVM keep their verdicts, results and run-history selections apart, and
 * share the JVM's secret mask on purpose.
 *
 * <p>Two JUnit launchers run at once on two threads, one scenario class each, against a loopback
 * HTTP server: each launcher gets its own {@link PerfSession}. The loads take turns, but both
 * sessions are open while both judge (a barrier holds them), which is when a static
 * verdict-listener list would hand each verdict to both sessions' reports. A value one session
 * registers for masking is masked in the other session's JTL too: every secret of the process is
 * process-wide (see {@link Secrets}).
 * About 2 x 2 s of load at 2 users, one after the other.
 */
class TwoSessionsIT {
  private static final String INNER = "two-sessions.inner";
  private static final ObjectMapper JSON = new ObjectMapper();
  static final Map<String, List<String>> HEARD = new ConcurrentHashMap<>();
  static final Map<String, PerfSession> SESSIONS = new ConcurrentHashMap<>();
  static final Map<String, RunResult> RESULTS = new ConcurrentHashMap<>();
  static final Map<String, String> SELECTIONS = new ConcurrentHashMap<>();
  static volatile CyclicBarrier bothOpen;
  static volatile CyclicBarrier bothRun;
  static volatile CountDownLatch firstRan;
  static volatile String url;
  static volatile String secret;
  static volatile String marker;

  @Test
  void shouldKeepVerdictsResultsAndSelectionsOfTwoParallelSessionsApart(@TempDir Path dir)
      throws Exception {
    marker = UUID.randomUUID().toString();
    secret = "two-sessions-secret-" + marker;
    bothOpen = new CyclicBarrier(2);
    bothRun = new CyclicBarrier(2);
    firstRan = new CountDownLatch(1);
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(),
        0), 16);
    server.createContext("/", exchange -> {
      byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    Map<String, String> flags = Map.ofEntries(Map.entry("perf.backends", "embedded"),
        Map.entry("perf.profile", "smoke"), Map.entry("perf.threads", "2"),
        Map.entry("perf.ramp-up", "0s"), Map.entry("perf.hold", "2s"),
        Map.entry("perf.warm-up", "0s"), Map.entry("perf.think-time", "50ms"),
        Map.entry("perf.prime", "0s"), Map.entry("perf.progress.interval", "0s"),
        Map.entry("perf.results-dir", dir.resolve("results").toString()),
        Map.entry("perf.history.dir", dir.resolve("history").toString()));
    System.setProperty(INNER, "true");
    ExecutorService launchers = Executors.newFixedThreadPool(2);
    try {
      Map<String, TestExecutionSummary> summaries = AmbientFlags.with(flags, () -> {
        Future<TestExecutionSummary> first = launchers.submit(() -> launch(FirstSession.class));
        Future<TestExecutionSummary> second = launchers.submit(() -> launch(SecondSession.class));
        return Map.of("first", first.get(120, TimeUnit.SECONDS),
            "second", second.get(120, TimeUnit.SECONDS));
      });
      summaries.forEach((name, summary) -> assertThat(summary.getTotalFailureCount())
          .as("inner test of the %s session failed: %s", name, summary.getFailures().stream()
              .map(f -> f.getException().toString()).toList()).isZero());
      summaries.forEach((name, summary) -> assertThat(summary.getTestsSucceededCount())
          .as("inner test of the %s session passed", name).isEqualTo(1));
    } finally {
      launchers.shutdownNow();
      server.stop(0);
      System.clearProperty(INNER);
    }

    assertThat(SESSIONS.get("first")).as("one session per launcher")
        .isNotSameAs(SESSIONS.get("second"));
    assertThat(HEARD).as("each session's listeners hear its own verdict only")
        .containsEntry("first", List.of("two-sessions-first"))
        .containsEntry("second", List.of("two-sessions-second"));
    assertThat(verdictAttachments(FirstSession.class)).as("SLA verdicts on the first "
        + "session's Allure result").containsExactly("two-sessions-first");
    assertThat(verdictAttachments(SecondSession.class)).as("SLA verdicts on the second "
        + "session's Allure result").containsExactly("two-sessions-second");
    assertThat(RESULTS.get("first").labels()).as("labels of the first session's result")
        .contains("first GET").doesNotContain("second GET");
    assertThat(RESULTS.get("second").labels()).as("labels of the second session's result")
        .contains("second GET").doesNotContain("first GET");
    assertThat(SELECTIONS).as("each launcher's selection in its session's run history")
        .containsEntry("first", "class:FirstSession")
        .containsEntry("second", "class:SecondSession");
    for (String name : List.of("first", "second")) {
      String jtl = Files.readString(RESULTS.get(name).directory().resolve(ResultDirectory.JTL));
      String other = name.equals("first") ? "second GET" : "first GET";
      assertThat(jtl).as("JTL of the %s session", name).contains(name + " GET")
          .doesNotContain(other)
          .as("the secret the first session registered, masked in the %s session's JTL", name)
          .doesNotContain(secret).contains("****");
    }
  }

  private static TestExecutionSummary launch(Class<?> type) {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(type)).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    return listener.getSummary();
  }

  /** The scenarios of the "SLA verdict: ..." attachments on this run's result of {@code type}. */
  private static List<String> verdictAttachments(Class<?> type) throws IOException {
    List<String> scenarios = new ArrayList<>();
    try (Stream<Path> files = Files.list(AllureReport.resultsDirectory())) {
      for (Path file : files.filter(f -> f.toString().endsWith("-result.json")).toList()) {
        String text = Files.readString(file);
        if (!text.contains(marker) || !text.contains(type.getName())) {
          continue;
        }
        for (JsonNode attachment : JSON.readTree(text).path("attachments")) {
          String name = attachment.path("name").asText();
          if (name.startsWith("SLA verdict: ")) {
            scenarios.add(name.substring("SLA verdict: ".length()).replaceFirst(" \\(.*", ""));
          }
        }
      }
    }
    return scenarios;
  }

  /** One session's scenario: registers the secret first (the other one waits), runs, judges. */
  static void scenario(String name, PerfSession perf) throws Exception {
    perf.parameter("marker", marker);
    List<String> heard = new CopyOnWriteArrayList<>();
    HEARD.put(name, heard);
    SESSIONS.put(name, perf);
    perf.onVerdict((run, verdict) -> heard.add(run.scenario()));
    if (name.equals("first")) {
      Secrets.registerGenerated(secret);
    }
    bothOpen.await(60, TimeUnit.SECONDS);
    if (name.equals("second")) {
      // The loads take turns: two embedded JMeter runs starting at once in one JVM fail
      // (FileSystemAlreadyExistsException from JMeter's start-up); the sessions stay open both.
      firstRan.await(60, TimeUnit.SECONDS);
    }
    RunResult result;
    try {
      result = perf.run(LoadPlan.of("two-sessions-" + name, perf.config().profile(),
          httpSampler(name + " GET", url + "?token=" + secret)));
    } finally {
      firstRan.countDown();
    }
    RESULTS.put(name, result);
    SELECTIONS.put(name, perf.lastHistory().run().identity().selection());
    bothRun.await(60, TimeUnit.SECONDS);
    perf.judge(Sla.overall().samplesAtLeast(1).errorPercentBelow(50), result).assertPassed();
  }

  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class FirstSession {
    @Test
    void shouldRunAndJudgeItsOwnPlan(PerfSession perf) throws Exception {
      scenario("first", perf);
    }
  }

  @PerfScenario
  @EnabledIfSystemProperty(named = INNER, matches = "true")
  static class SecondSession {
    @Test
    void shouldRunAndJudgeItsOwnPlan(PerfSession perf) throws Exception {
      scenario("second", perf);
    }
  }
}
