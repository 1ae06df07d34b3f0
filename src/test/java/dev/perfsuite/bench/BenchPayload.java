package dev.perfsuite.bench;

/** Request bodies of the benchmark: a JSON document of an exact size, like the gateway matrix. */
final class BenchPayload {

  private BenchPayload() {
  }

  /** {@code {"payload":"xxx..."}} padded to exactly {@code bytes} bytes (at least 16). */
  static String json(int bytes) {
    String head = "{\"payload\":\"";
    String tail = "\"}";
    return head + "x".repeat(Math.max(0, bytes - head.length() - tail.length())) + tail;
  }
}
