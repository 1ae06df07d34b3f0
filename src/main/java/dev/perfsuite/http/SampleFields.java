package dev.perfsuite.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.brotli.dec.BrotliInputStream;

/**
 * Fills a sample result from a response as HttpClient 4 fills it in JMeter.
 *
 * <p>It sets latency at the first byte, the end once the body is in, code, message, response
 * headers ("status line" then one "Name: value" a line), content type and charset, the body
 * decoded from gzip, deflate or Brotli (what HttpClient 4 decodes in JMeter) for extractors and
 * assertions while the received bytes stay those of the wire, and header and body sizes split
 * as JMeter computes them.
 */
final class SampleFields {
  private static final List<String> MOVED =
      List.of("content-length", "content-encoding", "content-md5");
  private static final Set<String> DECODED = Set.of("gzip", "x-gzip", "deflate", "br");

  private SampleFields() {
  }

  /**
   * Ends {@code result} when its response was complete on the event loop.
   *
   * <p>Not when the user's thread ran again: on a busy generator a woken user may wait for its
   * carrier, and that wait is the generator's, not the server's (Gatling stamps the end on its
   * loop too). Never before the sample's start.
   */
  static void endAtLastByte(HTTPSampleResult result, long lastByteNanos) {
    long sinceLastByte = TimeUnit.NANOSECONDS.toMillis(Math.max(0,
        System.nanoTime() - lastByteNanos));
    result.setEndTime(Math.max(result.getStartTime(),
        result.currentTimeInMillis() - sinceLastByte));
  }

  /** Fills {@code result}, started at {@code startNanos}, from {@code response}. */
  static void fill(HTTPSampleResult result, WireResponse response, long startNanos)
      throws IOException {
    result.setLatency(millis(response.firstByteNanos() - startNanos));
    String contentType = response.lastHeader("Content-Type");
    if (contentType != null) {
      result.setContentType(contentType);
      result.setEncodingAndType(contentType);
    }
    result.setResponseData(decoded(response));
    endAtLastByte(result, response.lastByteNanos());
    result.setResponseCode(Integer.toString(response.status()));
    result.setResponseMessage(response.reason());
    result.setResponseHeaders(headers(response));
    if (result.isRedirect()) {
      String location = response.lastHeader("Location");
      if (location == null) {
        throw new IllegalArgumentException("Missing location header in redirect for "
            + result.getHTTPMethod() + " " + result.getUrlAsString());
      }
      result.setRedirectLocation(location);
    }
    // JMeter's sizes: the headers' condensed length plus a \r per line, the rest is body.
    long headerBytes = result.getResponseHeaders().length() + response.headers().size() + 3L;
    result.setHeadersSize((int) headerBytes);
    result.setBodySize(response.receivedBytes() - headerBytes);
    result.setSentBytes(response.sentBytes());
  }

  static long millis(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }

  private static String headers(WireResponse response) {
    // Sized exactly: every header is shown once, moved or not, so the text is copied only once.
    int length = response.protocol().length() + response.reason().length() + 6;
    for (Map.Entry<String, String> header : response.headers()) {
      length += lineLength(header);
    }
    StringBuilder shown = new StringBuilder(length);
    shown.append(response.protocol()).append(' ').append(response.status());
    if (!response.reason().isEmpty()) {
      shown.append(' ').append(response.reason());
    }
    shown.append('\n');
    // HttpClient 4 takes these off a body it decodes and puts them back last, in this order.
    boolean decoded = response.body().length > 0
        && DECODED.contains(lower(response.lastHeader("Content-Encoding")));
    for (Map.Entry<String, String> header : response.headers()) {
      if (!decoded || !MOVED.contains(lower(header.getKey()))) {
        line(shown, header);
      }
    }
    for (String moved : decoded ? MOVED : List.<String>of()) {
      response.headers().stream().filter(h -> lower(h.getKey()).equals(moved))
          .forEach(h -> line(shown, h));
    }
    return shown.toString();
  }

  /** The length of a header's "Name: value" line, its newline included. */
  static int lineLength(Map.Entry<String, String> header) {
    return header.getKey().length() + header.getValue().length() + 3;
  }

  private static void line(StringBuilder shown, Map.Entry<String, String> header) {
    shown.append(header.getKey()).append(": ").append(header.getValue()).append('\n');
  }

  private static String lower(String text) {
    return text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
  }

  /** The body as extractors see it: gzip, deflate and Brotli undone, anything else as sent. */
  static byte[] decoded(WireResponse response) throws IOException {
    String encoding = response.lastHeader("Content-Encoding");
    byte[] body = response.body();
    if (encoding == null || body.length == 0) {
      return body;
    }
    return switch (lower(encoding)) {
      case "gzip", "x-gzip" -> readAll(new GZIPInputStream(new ByteArrayInputStream(body)));
      case "deflate" -> inflated(body);
      case "br" -> readAll(new BrotliInputStream(new ByteArrayInputStream(body)));
      default -> body;
    };
  }

  /** Deflate as servers send it: zlib-wrapped per the RFC, or raw as some still do. */
  private static byte[] inflated(byte[] body) throws IOException {
    boolean zlib = body.length > 1 && (body[0] & 0x0f) == 8
        && (((body[0] & 0xff) << 8) | (body[1] & 0xff)) % 31 == 0;
    return readAll(new InflaterInputStream(new ByteArrayInputStream(body), new Inflater(!zlib)));
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in; ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    }
  }
}
