package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.junit.jupiter.api.Test;

class CandidateSamplerTest {
  private static final List<Supplier<CandidateSampler>> CANDIDATES =
      List.of(JdkHttpSampler::new, Http5AsyncSampler::new);

  @Test
  void shouldFillTheResultFromTheResponseOnEachCandidateClient() throws Exception {
    try (RecordingServer server = new RecordingServer()) {
      for (Supplier<CandidateSampler> candidate : CANDIDATES) {
        CandidateSampler sampler = candidate.get();
        HTTPSampleResult result = sampler.sample(
            new URL("http://127.0.0.1:" + server.port() + "/cacheable"), "GET", false, 0);
        String name = sampler.getClass().getSimpleName();
        assertThat(result.isSuccessful()).as(name + " success").isTrue();
        assertThat(result.getResponseCode()).as(name + " code").isEqualTo("200");
        assertThat(new String(result.getResponseData(), StandardCharsets.UTF_8))
            .as(name + " body").isEqualTo("cache me");
        assertThat(result.getEndTime()).as(name + " timed").isGreaterThanOrEqualTo(
            result.getStartTime());
        assertThat(server.take()).as(name + " requests on the wire").singleElement()
            .satisfies(r -> assertThat(r.method()).isEqualTo("GET"));
      }
    }
  }

  @Test
  void shouldFailTheSampleWhenTheConnectionIsRefused() throws Exception {
    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    for (Supplier<CandidateSampler> candidate : CANDIDATES) {
      CandidateSampler sampler = candidate.get();
      HTTPSampleResult result = sampler.sample(new URL("http://127.0.0.1:" + closed + "/"),
          "GET", false, 0);
      assertThat(result.isSuccessful()).as(sampler.getClass().getSimpleName() + " refused")
          .isFalse();
      assertThat(result.getResponseCode()).as("JMeter's error code")
          .startsWith("Non HTTP response code");
    }
  }
}
