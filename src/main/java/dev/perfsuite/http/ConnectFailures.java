package dev.perfsuite.http;

import io.netty.channel.Channel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import javax.net.ssl.SSLException;

/**
 * A failed connect or TLS handshake as HttpClient 4 reports it: the JDK's exception types and
 * texts under Netty's wrappers.
 */
final class ConnectFailures {
  private ConnectFailures() {
  }

  /**
   * The TLS handshake of a just connected {@code channel}; a closed one when the server closed
   * the channel first, which removed its handlers.
   */
  static Future<?> handshake(Channel channel) {
    SslHandler ssl = channel.pipeline().get(SslHandler.class);
    return ssl != null ? ssl.handshakeFuture()
        : channel.eventLoop().newFailedFuture(new ClosedChannelException());
  }

  /**
   * What HttpClient 4 reports for a channel closed during the handshake: the failure that closed
   * it (a reset, a plain-text answer), else the close itself.
   */
  static IOException closedDuringHandshake(Channel channel, ClosedChannelException closed) {
    Throwable cause = Exchange.failureBeforeExchange(channel);
    if (cause instanceof DecoderException decoding && decoding.getCause() != null) {
      cause = decoding.getCause();
    }
    if (cause instanceof NotSslRecordException plain) {
      return notSsl(plain);
    }
    return cause instanceof IOException io ? io : closed;
  }

  /** A plain-text answer to the client hello, as the JDK's socket names it. */
  static SSLException notSsl(NotSslRecordException e) {
    return new SSLException("Unsupported or unrecognized SSL message", e);
  }

  /**
   * The JDK's refusal under Netty's wrappers, with the JDK's own text, as HttpClient 4 shows it.
   *
   * <p>NIO appends the address to the JDK's message; epoll names its system call
   * ("finishConnect(..) failed: Connection refused").
   */
  static ConnectException plainRefusal(ConnectException e) {
    ConnectException plain = e.getCause() instanceof ConnectException jdk ? jdk : e;
    String message = plain.getMessage();
    int call = message == null ? -1 : message.indexOf("(..) failed");
    if (call < 0) {
      return plain;
    }
    ConnectException jdk = new ConnectException(message.substring(message.lastIndexOf(": ") + 2));
    jdk.initCause(plain);
    return jdk;
  }
}
