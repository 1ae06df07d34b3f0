package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.remote.NamespaceEngines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's {@code prometheus} on PATH) scrapes, every second on loopback, the
 * suite's endpoint during a local run, and during a distributed run on two engines in network
 * namespaces of their own ({@link NamespaceEngines}: open model, so response times count from
 * the intended start); then every panel query of {@code docs/dashboards/perf-suite.json} must
 * return data, and {@code histogram_quantile(0.99, ...)} of the service and response series
 * must lie within one bucket of the run's exact p99.
 *
 * <p>One endpoint per run, as one JVM per run would have: in one registry the first run decides
 * the timers' kind (see {@link SampleMetrics}). Run by {@code .ci/nightly/live-dashboard.sh}, in a
 * JVM of its own: RMI's callback address must be found towards the namespaces.
 */
@Tag("prometheus")
class PrometheusDashboardIT {
  private static final Path DASHBOARD = Path.of("docs/dashboards/perf-suite.json");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String LABEL = "GET echo";
  private static final MetricsSettings SETTINGS = new MetricsSettings(MetricsExport.PROMETHEUS,
      "127.0.0.1", 0, URI.create("http://localhost:4318/v1/metrics"), Duration.ofSeconds(10));

  @TempDir
  Path work;

  @Test
  @Timeout(value = 4, unit = TimeUnit.MINUTES)
  void shouldAnswerEveryPanelAndMatchBothExactP99sOnNamespaceEngines() throws Exception {
    NamespaceEngines.requireAvailable();
    long began = System.nanoTime();
    try (NamespaceEngines engines = NamespaceEngines.start(2, Duration.ofMillis(3),
        Path.of("target", "dashboard-engines").toAbsolutePath(), Duration.ofSeconds(90));
        LiveMetrics metrics = LiveMetrics.start(SETTINGS);
        Prometheus prometheus = Prometheus.start(work, metrics.endpoint().orElseThrow())) {
      DistributedEngine controller = new DistributedEngine(work.resolve("distributed"),
          Duration.ofSeconds(2), Duration.ofSeconds(5), List.of(ResultFiles.watcher(), metrics),
          engines.remotes(), RemoteSplit.EVEN, Duration.ofSeconds(15), 0,
          LocalRemoteEngines.transport());
      // Freshly started engines answer their first requests in about a second (class loading):
      // a run of their own, so the checked p99 is the steady state's, not the start-up's.
      controller.run(LoadPlan.of("dashboard-engines-warm", Profiles.smoke().withUsers(4)
          .withRampUp(Duration.ZERO).withIterations(50).withWarmUp(Duration.ZERO),
          httpSampler(LABEL, engines.echo("/echo"))));
      LoadProfile open = Profiles.open("dashboard-open", Duration.ZERO, 8,
          Profiles.stage(60, Duration.ZERO, Duration.ofSeconds(8)));
      RunResult distributed = controller.run(LoadPlan.of("dashboard-distributed", open,
          httpSampler(LABEL, engines.echo("/echo")),
          httpSampler("GET closed port", engines.closedPort())));
      assertThat(distributed.engines()).as("both namespace engines sampled; warnings %s",
          distributed.warnings()).hasSize(2)
          .allSatisfy((engine, summary) -> assertThat(summary.samples()).isPositive());
      assertDashboard(prometheus, "perf_sample_merged_seconds_bucket", distributed);
    }
    // The figure docs/nightly.md quotes for this variant's length.
    System.out.printf("namespace variant: %d s with engine start-up%n",
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void shouldAnswerEveryPanelAndMatchBothExactP99sLocally() throws Exception {
    try (LiveMetrics metrics = LiveMetrics.start(SETTINGS);
        EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
            .withPort(0).withDelay(Duration.ofMillis(3)));
        Prometheus prometheus = Prometheus.start(work, metrics.endpoint().orElseThrow())) {
      LoadProfile profile = Profiles.smoke().withUsers(4).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(8)).withWarmUp(Duration.ZERO);
      RunResult local = Engines.embedded(work.resolve("local"), Duration.ofSeconds(2),
          Duration.ofSeconds(5), List.of(ResultFiles.watcher(), metrics))
          .run(LoadPlan.of("dashboard-local", profile, httpSampler(LABEL, echo.uri().toString()),
              httpSampler("GET closed port", "http://127.0.0.1:" + freePort() + "/")));
      assertDashboard(prometheus, "perf_sample_seconds_bucket", local);
    }
  }

  /**
   * After two more scrapes: every panel answers, and the p99 of {@code serviceSeries} and of
   * {@code perf_response_seconds_bucket} lie within one bucket of {@code run}'s exact p99s.
   */
  private static void assertDashboard(Prometheus prometheus, String serviceSeries, RunResult run)
      throws IOException, InterruptedException {
    Thread.sleep(2_500);
    for (JsonNode panel : JSON.readTree(DASHBOARD.toFile()).path("panels")) {
      String expr = panel.path("targets").get(0).path("expr").asText()
          .replace("$scenario", ".*").replace("$__rate_interval", "5m");
      assertThat(prometheus.query(expr)).as("panel '%s': %s", panel.path("title").asText(),
          expr).isNotEmpty();
    }
    assertP99WithinOneBucket(prometheus, serviceSeries, run, run.measured(LABEL).service().p99());
    assertP99WithinOneBucket(prometheus, "perf_response_seconds_bucket", run,
        run.measured(LABEL).response().p99());
  }

  private static void assertP99WithinOneBucket(Prometheus prometheus, String series,
      RunResult run, long exactMillis) throws IOException, InterruptedException {
    String selector = series + "{scenario=\"" + run.scenario() + "\", label=\"" + LABEL + "\"}";
    JsonNode result = prometheus.query("histogram_quantile(0.99, sum by (le) (" + selector
        + "))");
    assertThat(result).as("histogram_quantile over %s", selector).hasSize(1);
    double quantile = result.get(0).path("value").get(1).asDouble();
    TreeSet<Double> bounds = new TreeSet<>();
    prometheus.query(selector).forEach(s -> bounds.add(Double.parseDouble(
        s.path("metric").path("le").asText().replace("+Inf", "Infinity"))));
    double exact = exactMillis / 1000.0;
    double upper = bounds.ceiling(exact);
    Double lower = bounds.lower(upper);
    double width = upper - (lower == null ? 0 : lower);

    // The figures docs/nightly.md quotes come from this line of the check's output.
    System.out.printf("%s %s: histogram_quantile(0.99) %.4f s, exact p99 %.4f s, bucket %s..%s "
        + "s%n", run.scenario(), series, quantile, exact, lower, upper);
    assertThat(quantile).as("%s %s: histogram_quantile(0.99) vs the suite's exact p99 %s s "
        + "(bucket %s..%s s)", run.scenario(), series, exact, lower, upper)
        .isCloseTo(exact, Offset.offset(width));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Debian's Prometheus on loopback, scraping the given endpoints every second. */
  private record Prometheus(Process process, URI api) implements AutoCloseable {
    static Prometheus start(Path work, URI... endpoints) throws IOException {
      StringBuilder targets = new StringBuilder();
      for (URI endpoint : endpoints) {
        targets.append(targets.isEmpty() ? "" : ", ").append('"')
            .append(endpoint.getHost()).append(':').append(endpoint.getPort()).append('"');
      }
      Path config = work.resolve("prometheus.yml");
      Files.writeString(config, "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
          + "scrape_configs:\n  - job_name: perf\n    static_configs:\n      - targets: ["
          + targets + "]\n");
      int port = freePort();
      Process process = new ProcessBuilder("prometheus", "--config.file=" + config,
          "--storage.tsdb.path=" + work.resolve("tsdb"),
          "--web.listen-address=127.0.0.1:" + port)
          .redirectErrorStream(true).redirectOutput(work.resolve("prometheus.log").toFile())
          .start();
      Prometheus prometheus = new Prometheus(process, URI.create("http://127.0.0.1:" + port));
      await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
          .ignoreExceptions().until(() -> HTTP.send(HttpRequest.newBuilder(
              prometheus.api.resolve("/-/ready")).build(),
              HttpResponse.BodyHandlers.ofString()).statusCode() == 200);
      return prometheus;
    }

    /** The {@code data.result} array of an instant query now. */
    JsonNode query(String promql) throws IOException, InterruptedException {
      URI uri = api.resolve("/api/v1/query?query="
          + URLEncoder.encode(promql, StandardCharsets.UTF_8));
      JsonNode body = JSON.readTree(HTTP.send(HttpRequest.newBuilder(uri).build(),
          HttpResponse.BodyHandlers.ofString()).body());
      assertThat(body.path("status").asText()).as("Prometheus answer to %s: %s", promql, body)
          .isEqualTo("success");
      return body.path("data").path("result");
    }

    @Override
    public void close() throws InterruptedException {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
