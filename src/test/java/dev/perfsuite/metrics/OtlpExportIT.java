package dev.perfsuite.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.perfsuite.config.settings.MetricsExport;
import dev.perfsuite.config.settings.MetricsSettings;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code perf.metrics.export=otlp} pushes the run's meters to a collector over OTLP/HTTP. */
class OtlpExportIT {

  @Test
  @Timeout(value = 1, unit = TimeUnit.MINUTES)
  void shouldPushSampleTimersToCollectorUrl() throws Exception {
    List<String> received = new CopyOnWriteArrayList<>();
    List<String> types = new CopyOnWriteArrayList<>();
    HttpServer collector = HttpServer.create(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    collector.createContext("/v1/metrics", exchange -> {
      types.add(exchange.getRequestHeaders().getFirst("Content-Type"));
      received.add(new String(exchange.getRequestBody().readAllBytes(),
          StandardCharsets.ISO_8859_1));
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    collector.start();
    try {
      URI url = URI.create("http://127.0.0.1:" + collector.getAddress().getPort()
          + "/v1/metrics");
      try (LiveMetrics metrics = LiveMetrics.start(new MetricsSettings(MetricsExport.OTLP,
          "127.0.0.1", 0, url, Duration.ofSeconds(1)))) {
        SampleObserver observer = metrics.runStarting(new RunContext("otlp-test", "run-otlp",
            Profiles.smoke(), Path.of("target"), 1));
        for (int i = 0; i < 50; i++) {
          SampleResult s = SampleResult.createTestSample(1000, 1000 + 15);
          s.setSampleLabel("otlp-label");
          observer.sample(s, Phase.MEASUREMENT, null, false);
        }
        // The registry pushes every step (1 s); the payload names the label once pushed.
        await().atMost(Duration.ofSeconds(30)).until(() -> String.join("", received)
            .contains("otlp-label"));
      }

      assertThat(received).as("pushes received by the collector").isNotEmpty();
      assertThat(types).as("OTLP/HTTP protobuf").allMatch(t -> t.contains("protobuf"));
      assertThat(String.join("", received)).as("pushed payload")
          .contains("perf.sample", "otlp-label", "otlp-test");
    } finally {
      collector.stop(0);
    }
  }
}
