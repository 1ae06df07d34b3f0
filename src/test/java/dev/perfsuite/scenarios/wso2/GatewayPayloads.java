package dev.perfsuite.scenarios.wso2;

import java.nio.charset.StandardCharsets;

/**
 * Request bodies in WSO2's ARRAY form ({@code payload-generator -p ARRAY}): exactly N bytes,
 * {@code {"size":"<N>B","payload":["0123456789","ABCDEFGHIJ",...]}}, items of at least 10
 * characters drawn cyclically from 0-9A-Za-z.
 */
final class GatewayPayloads {
  static final int MIN_SIZE = 50;
  private static final String ALPHABET =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final int ITEM = 10;

  private GatewayPayloads() {
  }

  /** An ARRAY payload of exactly {@code bytes} bytes (ASCII, so characters = bytes). */
  static String array(int bytes) {
    if (bytes < MIN_SIZE) {
      throw new IllegalArgumentException("payload size must be at least " + MIN_SIZE + " B: "
          + bytes);
    }
    String prefix = "{\"size\":\"" + bytes + "B\",\"payload\":[";
    String suffix = "]}";
    int remaining = bytes - prefix.length() - suffix.length();
    StringBuilder body = new StringBuilder(bytes).append(prefix);
    int next = 0;
    // A full item costs 13 B ("..." plus comma); stop while a last item of >= 10 chars still fits.
    while (remaining >= 2 * (ITEM + 3)) {
      next = appendItem(body, next, ITEM);
      body.append(',');
      remaining -= ITEM + 3;
    }
    appendItem(body, next, remaining - 2);
    String payload = body.append(suffix).toString();
    if (payload.getBytes(StandardCharsets.UTF_8).length != bytes) {
      throw new IllegalStateException("payload generator is off for " + bytes + " B");
    }
    return payload;
  }

  private static int appendItem(StringBuilder body, int next, int length) {
    body.append('"');
    for (int i = 0; i < length; i++) {
      body.append(ALPHABET.charAt(next));
      next = (next + 1) % ALPHABET.length();
    }
    body.append('"');
    return next;
  }

  /** The marker the echo carries back and the response assertion looks for. */
  static String sizeMarker(int bytes) {
    return "\"size\":\"" + bytes + "B\"";
  }

  /** The size as the Choreo Connect table writes it: 50B, 1KiB, 10KiB, 100KiB. */
  static String label(int bytes) {
    return bytes % 1024 == 0 ? bytes / 1024 + "KiB" : bytes + "B";
  }
}
