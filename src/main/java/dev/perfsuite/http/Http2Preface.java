package dev.perfsuite.http;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import org.apache.http.NoHttpResponseException;
import org.apache.http.client.ClientProtocolException;

/**
 * Tells an HTTP/2-only server by its first bytes, so an HTTP/1.1 request to it fails at once.
 *
 * <p>Trap: without this check the HTTP/1.1 codec reads the binary frame as a broken status line,
 * and the request fails unclassified or waits for its timeout.
 */
final class Http2Preface {
  private Http2Preface() {
  }

  /**
   * Whether {@code bytes} start with an HTTP/2 SETTINGS frame on stream 0: what an HTTP/2-only
   * server sends first, where an HTTP/1.1 answer starts with "HTTP/".
   */
  static boolean startsWithSettings(ByteBuf bytes) {
    int at = bytes.readerIndex();
    if (bytes.readableBytes() < 9) {
      return false;
    }
    int length = bytes.getUnsignedMedium(at);
    return bytes.getByte(at + 3) == 0x4 && (bytes.getInt(at + 5) & 0x7fffffff) == 0
        && length % 6 == 0;
  }

  /** Releases {@code msg} and answers true when it is an HTTP/2 server's preface. */
  static boolean releasedAsHttp2(Object msg) {
    if (msg instanceof ByteBuf bytes && startsWithSettings(bytes)) {
      ReferenceCountUtil.release(msg);
      return true;
    }
    return false;
  }

  /** The failure of an HTTP/1.1 request to an HTTP/2-only server, classified as a protocol one. */
  static ClientProtocolException refusal() {
    return new ClientProtocolException("The server speaks HTTP/2 only: its first bytes are an "
        + "HTTP/2 SETTINGS frame, and the suite's client sends HTTP/1.1");
  }

  /**
   * What a request on a closed connection fails with: this refusal when it closed the connection,
   * else HttpClient 4's "failed to respond".
   */
  static Exception refusalOr(Throwable closedBy, String hostPort) {
    return closedBy instanceof ClientProtocolException refused ? refused
        : new NoHttpResponseException(hostPort + " failed to respond");
  }
}
