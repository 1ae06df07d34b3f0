package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The synthetic telemetry batch has the reference file's envelope, events and size. */
class TelemetryPayloadTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldBuildReferenceEnvelopeOfIdenticalImpressionEvents() throws Exception {
    Instant now = Instant.parse("2026-01-02T03:04:05.678Z");
    JsonNode batch = JSON.readTree(TelemetryPayload.json(3, now));

    assertThat(batch.path("id").asText()).isEqualTo("ekstep.telemetry");
    assertThat(batch.path("ver").asText()).isEqualTo("3.0");
    assertThat(batch.path("ets").asLong()).isEqualTo(now.toEpochMilli());
    assertThat(batch.path("events").size()).isEqualTo(3);
    JsonNode event = batch.path("events").get(0);
    assertThat(batch.path("events").get(2)).as("identical events, as the reference")
        .isEqualTo(event);
    assertThat(event.path("eid").asText()).isEqualTo("IMPRESSION");
    assertThat(event.path("mid").asText()).startsWith("TELEMETRY_API_TEST:");
    assertThat(event.path("context").path("pdata").toString())
        .isEqualTo("{\"id\":\"dev.sunbird.portal\",\"ver\":\"1.15.0\",\"pid\":\"sunbird-portal\"}");
    assertThat(event.path("context").path("cdata").isArray()).isTrue();
    assertThat(event.path("object").toString())
        .isEqualTo("{\"id\":\"domain_67238\",\"type\":\"Story\",\"ver\":\"1\",\"rollup\":{}}");
    assertThat(event.path("edata").toString()).isEqualTo("{\"type\":\"play\","
        + "\"pageid\":\"content-player\",\"uri\":\"/resources/play/content/domain_67238\"}");
  }

  @Test
  void shouldWriteGzipOfReferenceSizeWhenWritingFile(@TempDir Path dir) throws Exception {
    Path file = TelemetryPayload.writeGzip(dir);

    byte[] gzip = Files.readAllBytes(file);
    assertThat(file.getFileName().toString()).isEqualTo("telemetry_events.json.gz");
    String json;
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(JSON.readTree(json).path("events").size()).isEqualTo(200);
    assertThat(json.length()).as("reference: 184,885 B unzipped")
        .isBetween(170_000, 200_000);
    assertThat(gzip.length).as("reference: 1,533 B gzipped").isBetween(1_000, 2_500);
    assertThat(json).as("pretty-printed like the reference").contains("\n  \"events\": [\n")
        .contains("\"cdata\": [],");
  }
}
