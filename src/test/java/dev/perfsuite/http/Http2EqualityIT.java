package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.BuiltTree;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.http.entity.ContentType;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same small plan on the suite's client over HTTP/1.1 and over HTTP/2 with prior knowledge
 * (h2c), against the echo backend, which speaks both on one port: the recorded fields must agree.
 */
class Http2EqualityIT {
  private static final int USERS = 2;
  private static final int ITERATIONS = 3;
  private static final String BODY = "{\"greeting\": \"hello over both versions\"}";
  private static EchoBackend echo;

  @BeforeAll
  static void start() {
    echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0)
        .withWorkerThreads(1));
  }

  @AfterAll
  static void stop() {
    echo.close();
  }

  @Test
  void shouldRecordTheSameFieldsOnHttp2AsOnHttp11() {
    List<SampleResult> http11 = run("1.1");
    List<SampleResult> http2 = run("2");

    assertThat(http2).as("samples on HTTP/2").hasSize(USERS * ITERATIONS * 2);
    assertThat(fields(http2)).as("recorded fields, HTTP/2 vs HTTP/1.1 (HTTP/2 samples: %s)",
        http2.stream().map(s -> s.getResponseCode() + " " + s.getResponseMessage()).toList())
        .isEqualTo(fields(http11));
  }

  @Test
  void shouldMeasureHttp2SamplesFromTheWire() {
    List<SampleResult> http2 = run("2");

    for (SampleResult sample : http2) {
      assertThat(sample.getResponseHeaders()).as("status line of %s", sample.getSampleLabel())
          .startsWith("HTTP/2.0 200");
      assertThat(sample.getResponseHeaders()).as("Netty's conversion headers hidden")
          .doesNotContain("x-http2-");
      assertThat(sample.getSentBytes()).as("sent bytes of %s", sample.getSampleLabel())
          .isPositive();
      assertThat(sample.getBytesAsLong()).as("received bytes of %s", sample.getSampleLabel())
          .isPositive();
      assertThat(sample.getLatency()).as("latency within the sample's time")
          .isLessThanOrEqualTo(sample.getTime());
    }
  }

  private static List<SampleResult> run(String version) {
    CollectedSamples collected = new CollectedSamples();
    collected.setName("collected");
    AtomicReference<ClientSwap.Outcome> swap = new AtomicReference<>();
    String base = echo.uri().toString();
    try {
      testPlan(httpCookies(),
          httpDefaults().connectionTimeout(Duration.ofSeconds(2))
              .responseTimeout(Duration.ofSeconds(5)),
          threadGroup(USERS, ITERATIONS,
              httpSampler("get", base + "items?page=1"),
              httpSampler("post", base + "items").post(BODY, ContentType.APPLICATION_JSON)),
          BuiltTree.of(collected, new ListedHashTree()),
          BuiltTree.onceBuilt(tree -> swap.set(ClientSwap.apply(tree, 0, version)))).run();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    assertThat(swap.get().swapped()).as("samplers on the suite's client").isEqualTo(2);
    return collected.samples();
  }

  /** Per sample, in label order: what must not depend on the HTTP version. */
  private static List<Map<String, Object>> fields(List<SampleResult> samples) {
    return samples.stream().sorted(Comparator.comparing(SampleResult::getSampleLabel))
        .map(Http2EqualityIT::fields).toList();
  }

  private static Map<String, Object> fields(SampleResult s) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("label", s.getSampleLabel());
    f.put("url", s.getUrlAsString());
    f.put("code", s.getResponseCode());
    f.put("successful", s.isSuccessful());
    f.put("contentType", s.getContentType());
    f.put("body", s.getResponseDataAsString());
    f.put("bodyBytes", s.getResponseData().length);
    // Names only, lower case: HTTP/2 sends them so and drops the connection headers.
    f.put("responseHeaders", Arrays.stream(s.getResponseHeaders().split("\n")).skip(1)
        .map(h -> h.substring(0, h.indexOf(':')).toLowerCase(java.util.Locale.ROOT))
        .filter(h -> !h.equals("connection")).sorted().toList());
    f.put("requestHeaders", s.getRequestHeaders());
    f.put("samplerData", s.getSamplerData());
    return f;
  }
}
