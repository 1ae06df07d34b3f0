package dev.perfsuite.scenarios.sunbird.content;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/**
 * The body of Sunbird's telemetry API: a batch of synthetic events built from the event skeleton
 * of the reference {@code telemetry_events.json.gz} (docs/reference/seed-systems.md §A.6), gzip-compressed the
 * way the client sends it with {@code Content-Encoding: gzip}.
 *
 * <p>The reference batch holds 200 identical IMPRESSION events, pretty-printed (184,885 B, 1,533 B
 * gzipped); this one does too, with the current time as {@code ets} and one message id per batch
 * instead of the reference's placeholder numbers. JMeter needs the body as a file, so
 * {@link #writeGzip(Path)} writes it before a run.
 */
final class TelemetryPayload {
  /** Events per batch in the reference file. */
  static final int REFERENCE_EVENTS = 200;
  /** The reference file's name; the samplers post a file of this name. */
  static final String FILE_NAME = "telemetry_events.json.gz";

  private static final ObjectMapper JSON = new ObjectMapper();

  private TelemetryPayload() {
  }

  /** The batch as pretty-printed JSON, {@code events} identical IMPRESSION events. */
  static String json(int events, Instant now) {
    long ets = now.toEpochMilli();
    ObjectNode batch = JSON.createObjectNode()
        .put("id", "ekstep.telemetry")
        .put("ver", "3.0")
        .put("ets", ets);
    ArrayNode list = batch.putArray("events");
    ObjectNode event = impression(ets, "TELEMETRY_API_TEST:" + UUID.randomUUID());
    for (int i = 0; i < events; i++) {
      list.add(event.deepCopy());
    }
    try {
      DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
          .withObjectIndenter(new DefaultIndenter("  ", "\n"))
          .withSeparators(Separators.createDefaultInstance()
              .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
              .withObjectEmptySeparator("").withArrayEmptySeparator(""));
      printer.indentArraysWith(new DefaultIndenter("  ", "\n"));
      return JSON.writer(printer).writeValueAsString(batch) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One IMPRESSION event with the skeleton's fields and values. */
  private static ObjectNode impression(long ets, String mid) {
    ObjectNode event = JSON.createObjectNode()
        .put("eid", "IMPRESSION")
        .put("ets", ets)
        .put("ver", "3.0")
        .put("mid", mid);
    event.putObject("actor").put("id", "132123").put("type", "User");
    ObjectNode context = event.putObject("context").put("channel", "2423423423");
    context.putObject("pdata").put("id", "dev.sunbird.portal").put("ver", "1.15.0")
        .put("pid", "sunbird-portal");
    context.put("env", "library").put("sid", "2423423423").put("did", "2423423423");
    context.putArray("cdata");
    context.putObject("rollup").put("l1", "2423423423");
    context.put("uid", "2423423423");
    ObjectNode object = event.putObject("object").put("id", "domain_67238").put("type", "Story")
        .put("ver", "1");
    object.putObject("rollup");
    event.putArray("tags").add("b00bc992ef25f1a9a8d63291e20efc8d");
    event.putObject("edata").put("type", "play").put("pageid", "content-player")
        .put("uri", "/resources/play/content/domain_67238");
    return event;
  }

  /** The gzip bytes of {@link #json(int, Instant)}. */
  static byte[] gzip(String json) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      gzip.write(json.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * Generates a reference-sized batch now and writes it gzipped as
   * {@code <directory>/telemetry_events.json.gz}, replacing the file atomically so that a plan
   * never reads half a file.
   *
   * @return the absolute path of the file, for {@code bodyFile}
   */
  static Path writeGzip(Path directory) {
    try {
      Files.createDirectories(directory);
      Path target = directory.resolve(FILE_NAME).toAbsolutePath();
      Path temp = Files.createTempFile(directory, "telemetry", ".gz.tmp");
      Files.write(temp, gzip(json(REFERENCE_EVENTS, Instant.now())));
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the telemetry body under " + directory, e);
    }
  }
}
