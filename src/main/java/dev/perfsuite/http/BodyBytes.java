package dev.perfsuite.http;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * The response body as it is read, in one array of the length the server announced.
 *
 * <p>Filled in place and handed over as is (no second copy), grown only past that length; no
 * array for an empty body (a HEAD's announced length).
 */
final class BodyBytes {
  private static final byte[] EMPTY = new byte[0];
  private final int expected;
  private byte[] bytes;
  private int size;

  /**
   * A body to be read.
   *
   * @param expected the announced length, or a first guess when none was
   */
  BodyBytes(int expected) {
    this.expected = expected;
  }

  /** Appends {@code part}'s readable bytes, growing past the announced length if need be. */
  void add(ByteBuf part) {
    int length = part.readableBytes();
    if (length == 0) {
      return;
    }
    if (bytes == null) {
      bytes = new byte[Math.max(expected, length)];
    } else if (size + length > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(size + length, bytes.length * 2));
    }
    part.getBytes(part.readerIndex(), bytes, size, length);
    size += length;
  }

  /** The bytes read: the filled array itself when it came to the announced length. */
  byte[] toArray() {
    if (bytes == null) {
      return EMPTY;
    }
    return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
  }
}
