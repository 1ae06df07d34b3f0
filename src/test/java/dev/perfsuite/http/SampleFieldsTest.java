package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.junit.jupiter.api.Test;

class SampleFieldsTest {

  @Test
  void shouldShowTheResponseHeadersAsHttpClient4WithTheDecodedOnesLast() throws Exception {
    byte[] gzipped = gzip("hello");
    WireResponse response = new WireResponse("HTTP/1.1", 200, "OK", List.of(
        header("Content-Encoding", "gzip"), header("Content-Length", "" + gzipped.length),
        header("Content-Type", "text/plain; charset=utf-8"), header("X-Trace", "a b c")),
        gzipped, 200, 80, 0, System.nanoTime(), true);
    HTTPSampleResult result = new HTTPSampleResult();
    result.sampleStart();

    SampleFields.fill(result, response, 0);

    assertThat(result.getResponseHeaders()).as("shown headers").isEqualTo("HTTP/1.1 200 OK\n"
        + "Content-Type: text/plain; charset=utf-8\nX-Trace: a b c\n"
        + "Content-Length: " + gzipped.length + "\nContent-Encoding: gzip\n");
    assertThat(result.getResponseDataAsString()).as("decoded body").isEqualTo("hello");
    assertThat(result.getHeadersSize()).as("header bytes")
        .isEqualTo(result.getResponseHeaders().length() + 4 + 3);
  }

  @Test
  void shouldShowTheStatusLineWithoutAReasonWhenNoneCame() throws Exception {
    WireResponse response = new WireResponse("HTTP/1.1", 204, "", List.of(), new byte[0], 20,
        80, 0, System.nanoTime(), true);
    HTTPSampleResult result = new HTTPSampleResult();
    result.sampleStart();

    SampleFields.fill(result, response, 0);

    assertThat(result.getResponseHeaders()).as("shown headers").isEqualTo("HTTP/1.1 204\n");
  }

  private static Map.Entry<String, String> header(String name, String value) {
    return new SimpleImmutableEntry<>(name, value);
  }

  private static byte[] gzip(String text) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  @Test
  void shouldEndTheSampleWhenItsResponseWasCompleteNotWhenItsUserRanAgain() {
    // Started 100 ms ago; the response was complete 60 ms ago; the user runs only now.
    HTTPSampleResult result = new StartedAt(-100);
    SampleFields.endAtLastByte(result, System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(60));

    assertThat(result.getTime()).as("elapsed: start to the last byte, not to the user's turn")
        .isBetween(38L, 45L);
  }

  @Test
  void shouldNeverEndASampleBeforeItsStart() {
    HTTPSampleResult result = new StartedAt(0);
    SampleFields.endAtLastByte(result, System.nanoTime() - TimeUnit.SECONDS.toNanos(5));

    assertThat(result.getTime()).as("elapsed of a last byte stamped before the start").isZero();
  }

  /** A result started {@code offsetMillis} from now on its own clock. */
  private static final class StartedAt extends HTTPSampleResult {
    StartedAt(long offsetMillis) {
      setStartTime(currentTimeInMillis() + offsetMillis);
    }
  }
}
