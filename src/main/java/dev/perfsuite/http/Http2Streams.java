package dev.perfsuite.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.apache.http.ConnectionClosedException;
import org.apache.http.client.ClientProtocolException;

/**
 * HTTP/2 on a user's connection: Netty's frame codec and multiplexer on the connection, one child
 * channel per request.
 *
 * <p>Each stream's pipeline turns frames into the HTTP/1 objects {@link Exchange} already reads,
 * so a response fills the sample result as on HTTP/1.1. The connection's meter counts its bytes
 * (frames after HPACK, SETTINGS and WINDOW_UPDATE included) for the stream in flight; latency
 * ends at the response's first HEADERS frame.
 */
final class Http2Streams {
  /** The protocol the response headers' status line names, as HttpClient 5 names it. */
  static final String PROTOCOL = "HTTP/2.0";
  private static final ChannelInitializer<Http2StreamChannel> STREAM =
      new ChannelInitializer<>() {
        @Override
        protected void initChannel(Http2StreamChannel stream) {
          stream.pipeline().addLast(EVENTS, Exchange.http2Meter(),
              new Http2StreamFrameToHttpObjectCodec(false), Exchange.completion());
        }
      };
  private static final StreamEvents EVENTS = new StreamEvents();

  private Http2Streams() {
  }

  /** What {@code perf.http.version} asks of the suite's client. */
  enum Version {
    HTTP_1_1("1.1"),
    HTTP_2("2"),
    AUTO("auto");

    private final String key;

    Version(String key) {
      this.key = key;
    }

    String key() {
      return key;
    }

    /**
     * The version a sampler's property names; absent or empty is 1.1.
     *
     * @throws IllegalArgumentException for any other value
     */
    static Version of(String key) {
      String wanted = key == null || key.isBlank() ? "1.1" : key.trim().toLowerCase(Locale.ROOT);
      for (Version version : values()) {
        if (version.key.equals(wanted)) {
          return version;
        }
      }
      throw new IllegalArgumentException("perf.http.version=" + key
          + " is not an HTTP version. Fix: one of 1.1, 2, auto");
    }

  }

  /** How a connection picks its protocol, from the version asked and the origin's scheme. */
  enum Mode {
    HTTP_1_1,
    /** HTTP/2 with prior knowledge on plain TCP. */
    H2C,
    /** ALPN offering h2 and http/1.1, either taken. */
    ALPN_AUTO,
    /** ALPN offering h2 and http/1.1, http/1.1 refused. */
    ALPN_H2;

    static Mode of(Version version, boolean secure) {
      return switch (version) {
        case HTTP_1_1 -> HTTP_1_1;
        case HTTP_2 -> secure ? ALPN_H2 : H2C;
        case AUTO -> secure ? ALPN_AUTO : HTTP_1_1;
      };
    }

    boolean alpn() {
      return this == ALPN_AUTO || this == ALPN_H2;
    }
  }

  /**
   * Sets a TLS connection's pipeline once ALPN has chosen, then completes {@code negotiated}.
   *
   * <p>Fails it when {@link Mode#ALPN_H2} finds a server that does not choose h2.
   */
  static ChannelHandler negotiation(Mode mode, CompletableFuture<Void> negotiated) {
    return new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
      @Override
      protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
          configure(ctx.pipeline());
        } else if (mode == Mode.ALPN_H2) {
          negotiated.completeExceptionally(new ClientProtocolException("perf.http.version=2: "
              + "the server does not offer h2 by ALPN (it chose " + protocol + "). Fix: "
              + "-Dperf.http.version=auto to take HTTP/1.1 there, or 1.1"));
          ctx.close();
          return;
        } else {
          UserChannels.http11(ctx.pipeline());
        }
        negotiated.complete(null);
      }

      @Override
      protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        // The handshake's own failure reaches the user through the handshake's future.
        negotiated.completeExceptionally(cause);
        ctx.close();
      }
    };
  }

  /** Adds HTTP/2's connection handlers after {@code pipeline}'s TLS, if any. */
  static void configure(ChannelPipeline pipeline) {
    pipeline.addLast(Exchange.http2Meter(), Http2FrameCodecBuilder.forClient()
        .initialSettings(Http2Settings.defaultSettings().pushEnabled(false)).build(),
        new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
  }

  /** Whether {@code channel} is an HTTP/2 connection. */
  static boolean isHttp2(Channel channel) {
    return channel.pipeline().get(Http2FrameCodec.class) != null;
  }

  /**
   * Whether a new request may go on {@code channel}: open, and on HTTP/2 no GOAWAY received.
   */
  static boolean usable(Channel channel) {
    if (!channel.isActive()) {
      return false;
    }
    Http2FrameCodec codec = channel.pipeline().get(Http2FrameCodec.class);
    return codec == null || !codec.connection().goAwayReceived();
  }

  /** Opens a stream on the HTTP/2 connection {@code parent}, for one request. */
  static Future<Http2StreamChannel> open(Channel parent) {
    return new Http2StreamChannelBootstrap(parent).handler(STREAM).open();
  }

  /** Notes the first HEADERS frame, and fails the exchange on a reset stream or a GOAWAY. */
  @Sharable
  private static final class StreamEvents extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2ResetFrame) {
        // Delivered as a read or as an event, by Netty version: failed alike.
        userEventTriggered(ctx, msg);
        return;
      }
      if (msg instanceof Http2HeadersFrame) {
        Exchange exchange = Exchange.current(ctx.channel());
        if (exchange != null) {
          exchange.headersArrived();
        }
      }
      ctx.fireChannelRead(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
      String failure = null;
      if (event instanceof Http2ResetFrame reset) {
        failure = "HTTP/2 stream reset by the server: " + errorName(reset.errorCode());
      } else if (event instanceof Http2GoAwayFrame goAway) {
        failure = "HTTP/2 GOAWAY from the server before the response: "
            + errorName(goAway.errorCode());
      }
      Exchange exchange = Exchange.current(ctx.channel());
      if (failure == null) {
        ctx.fireUserEventTriggered(event);
        return;
      }
      ReferenceCountUtil.release(event);
      if (exchange != null && !exchange.done.isDone()) {
        exchange.failOn(ctx.channel(), new ConnectionClosedException(failure));
      }
    }
  }

  /** The RFC 9113 name of an error code, or the code itself when unknown. */
  static String errorName(long code) {
    Http2Error error = Http2Error.valueOf(code);
    return error == null ? Long.toString(code) : error.name();
  }
}
