package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.RunResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Scrapes the Prometheus endpoint while a run goes and after it, against the run's own JTL. */
class PrometheusScrapeIT {
  private static final Pattern COUNT = Pattern.compile(
      "^perf_sample_seconds_count\\{([^}]*)}\\s+([0-9.eE+]+)$", Pattern.MULTILINE);
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir
  Path results;

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void shouldServePerLabelTimersWhoseFinalCountsEqualTheJtl() throws Exception {
    MetricsSettings settings = new MetricsSettings(MetricsExport.PROMETHEUS, "127.0.0.1", 0,
        URI.create("http://localhost:4318/v1/metrics"), Duration.ofSeconds(10));
    try (LiveMetrics metrics = LiveMetrics.start(settings);
        EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
            .withPort(0).withDelay(Duration.ofMillis(5)))) {
      URI endpoint = metrics.endpoint().orElseThrow();
      LoadProfile profile = Profiles.smoke().withUsers(3).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(5)).withWarmUp(Duration.ofSeconds(1));
      AtomicBoolean running = new AtomicBoolean(true);
      // Scrapes until the first samples show up: JMeter's start-up time varies with the machine.
      CompletableFuture<Map<String, Long>> duringRun = CompletableFuture.supplyAsync(() ->
          await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
              .until(() -> counts(scrape(endpoint)), c -> !c.isEmpty() || !running.get()));
      RunResult run = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
              List.of(ResultFiles.watcher(), metrics))
          .run(LoadPlan.of("prometheus-scrape", profile,
              httpSampler("echo-get", echo.uri().toString()),
              httpSampler("echo-post", echo.uri().toString()).post("{\"n\":1}",
                  ContentType.APPLICATION_JSON)));
      running.set(false);

      Map<String, Long> live = duringRun.get(30, TimeUnit.SECONDS);
      Map<String, Long> scraped = counts(scrape(endpoint));
      Map<String, Long> jtl = JtlSamples.read(run.directory()).rows().stream()
          .collect(Collectors.groupingBy(JtlSamples.Row::label, TreeMap::new,
              Collectors.counting()));

      assertThat(live).as("per-label counts scraped while the run went").isNotEmpty()
          .allSatisfy((label, count) -> assertThat(count).as(label).isPositive());
      assertThat(scraped).as("final per-label counts scraped from %s", endpoint)
          .isEqualTo(jtl);
      assertThat(scrape(endpoint)).as("JVM metrics of the generator")
          .contains("jvm_memory_used_bytes", "perf_threads_active",
              "perf_sample_seconds_bucket{");
    }
  }

  /** Sums {@code perf_sample_seconds_count} over statuses, per label. */
  private static Map<String, Long> counts(String exposition) {
    Map<String, Long> counts = new TreeMap<>();
    Matcher m = COUNT.matcher(exposition);
    while (m.find()) {
      Matcher label = Pattern.compile("label=\"([^\"]*)\"").matcher(m.group(1));
      if (label.find()) {
        counts.merge(label.group(1), (long) Double.parseDouble(m.group(2)), Long::sum);
      }
    }
    return counts;
  }

  private static String scrape(URI endpoint) {
    try {
      return HTTP.send(HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.ofString()).body();
    } catch (Exception e) {
      throw new AssertionError("cannot scrape " + endpoint, e);
    }
  }
}
