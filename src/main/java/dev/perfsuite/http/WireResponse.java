package dev.perfsuite.http;

import java.util.List;
import java.util.Map;

/**
 * One response as it came off the connection, with the bytes each way as the wire carried them.
 *
 * <p>Headers keep their order; the body is as sent, still compressed when it was.
 *
 * @param firstByteNanos {@link System#nanoTime()} of the first response byte
 * @param lastByteNanos {@link System#nanoTime()} when the response was complete on the loop
 * @param keepAlive whether the connection may carry the user's next request
 */
record WireResponse(String protocol, int status, String reason,
    List<Map.Entry<String, String>> headers, byte[] body, long receivedBytes, long sentBytes,
    long firstByteNanos, long lastByteNanos, boolean keepAlive) {

  /** The last value of a header, or null (HttpClient 4's {@code getLastHeader}). */
  String lastHeader(String name) {
    String value = null;
    for (Map.Entry<String, String> header : headers) {
      if (header.getKey().equalsIgnoreCase(name)) {
        value = header.getValue();
      }
    }
    return value;
  }
}
