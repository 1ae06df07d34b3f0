package dev.perfsuite.scenarios.wso2;

import java.nio.charset.StandardCharsets;

/**
 * Request bodies in WSO2's ARRAY form ({@code payload-generator -p ARRAY}), byte for byte:
 * exactly N bytes, {@code {"size":"<N>B","payload":["0123456789","ABCDEFGHIJ",...]}}.
 *
 * <p>The characters run cyclically through 0-9A-Za-z across the whole array. An item closes after
 * 10 characters only when more than the 3 bytes of a separator are still to fill; otherwise the
 * remaining bytes lengthen the current item. So the last item is usually short (1-10
 * characters, e.g. 50 B ends in {@code "ABCDEFGH"}) and at most 13 characters (55 B ends in
 * {@code "ABCDEFGHIJKLM"}). docs/reference/requests.md says where this was read.
 */
final class GatewayPayloads {
  static final int MIN_SIZE = 50;
  private static final String ALPHABET =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  /** The generator's default {@code --payload-min-length}. */
  private static final int ITEM = 10;
  private static final String SEPARATOR = "\",\"";

  private GatewayPayloads() {
  }

  /** An ARRAY payload of exactly {@code bytes} bytes (ASCII, so characters = bytes). */
  static String array(int bytes) {
    if (bytes < MIN_SIZE) {
      throw new IllegalArgumentException("payload size must be at least " + MIN_SIZE + " B: "
          + bytes);
    }
    String prefix = "{\"size\":\"" + bytes + "B\",\"payload\":[\"";
    String suffix = "\"]}";
    int toFill = bytes - prefix.length() - suffix.length();
    StringBuilder body = new StringBuilder(bytes).append(prefix);
    int next = 0;
    int inItem = 0;
    while (toFill > 0) {
      body.append(ALPHABET.charAt(next));
      next = (next + 1) % ALPHABET.length();
      toFill--;
      if (++inItem == ITEM) {
        inItem = 0;
        // A new item only when at least one character can follow the separator.
        if (toFill > SEPARATOR.length()) {
          body.append(SEPARATOR);
          toFill -= SEPARATOR.length();
        }
      }
    }
    String payload = body.append(suffix).toString();
    if (payload.getBytes(StandardCharsets.UTF_8).length != bytes) {
      throw new IllegalStateException("payload generator is off for " + bytes + " B");
    }
    return payload;
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
