package dev.perfsuite.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.unix.Errors;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.http.ConnectionClosedException;
import org.apache.http.NoHttpResponseException;
import org.apache.http.client.ClientProtocolException;

/**
 * One request on a user's connection: what the event loop measured, and the response the user's
 * thread waits for.
 *
 * <p>Measured: the bytes each way as the HTTP layer wrote and read them, and the first response
 * byte.
 *
 * <p>The response timeout is HttpClient 4's socket timeout: the longest silence while waiting,
 * reset by every read, failing with {@code SocketTimeoutException: Read timed out} as HttpClient 4
 * does. Everything but {@link #done} is touched only on the connection's event loop.
 */
final class Exchange {
  /** The clock of every exchange outside tests: one shared instance, no allocation per request. */
  static final LongSupplier SYSTEM_CLOCK = System::nanoTime;
  private static final AttributeKey<Exchange> CURRENT = AttributeKey.valueOf("perf.exchange");
  /** What failed on a connection while no exchange was on it (a reset during the handshake). */
  private static final AttributeKey<Throwable> IDLE_FAILURE =
      AttributeKey.valueOf("perf.idle-failure");

  /** Completed on the event loop; the user's thread parks on it (no monitor held). */
  final CompletableFuture<WireResponse> done = new CompletableFuture<>();
  /** The request's URL, named as HttpClient 4 names the host when no response came. */
  private final URL url;
  /**
   * The response timeout's clock ({@code nanoTime}); the first byte stays on {@code nanoTime}.
   *
   * <p>One clock per connection: its {@link ResponseWatch} compares deadlines across exchanges.
   */
  final LongSupplier clock;
  private final long timeoutNanos;
  private final boolean keepAliveAsked;
  private long received;
  private long sent;
  private long firstByteNanos;
  private long lastActivityNanos;
  private boolean headersSeen;
  private HttpResponse head;
  private BodyBytes body;

  private Exchange(URL url, long timeoutMillis, boolean keepAliveAsked, LongSupplier clock) {
    this.url = url;
    this.clock = clock;
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    this.keepAliveAsked = keepAliveAsked;
  }

  /**
   * Sends {@code request} on {@code channel}, returning the exchange whose {@link #done}
   * completes with the response.
   *
   * <p>The request is a Netty {@code HttpRequest}, released by the pipeline.
   *
   * @param timeoutMillis the response timeout, 0 for none (HttpClient 4's 0)
   */
  static Exchange send(Channel channel, Object request, URL url, long timeoutMillis,
      boolean keepAlive) {
    return send(channel, request, url, timeoutMillis, keepAlive, SYSTEM_CLOCK);
  }

  /**
   * As {@link #send(Channel, Object, URL, long, boolean)}, timing out on {@code clock}.
   *
   * <p>For tests that drive time; every exchange on one connection needs the same clock.
   */
  static Exchange send(Channel channel, Object request, URL url, long timeoutMillis,
      boolean keepAlive, LongSupplier clock) {
    Exchange exchange = new Exchange(url, timeoutMillis, keepAlive, clock);
    Runnable start = () -> exchange.start(channel, request);
    if (!LoopCarriers.startAfterPark(channel.eventLoop(), start)) {
      channel.eventLoop().execute(start);
    }
    return exchange;
  }

  private void start(Channel channel, Object request) {
    if (!channel.isActive()) {
      fail(channel, Http2Preface.refusalOr(failureBeforeExchange(channel), hostPort()));
      return;
    }
    channel.attr(CURRENT).set(this);
    if (channel.parent() != null) {
      // An HTTP/2 stream: its connection's meter counts the bytes and the activity.
      channel.parent().attr(CURRENT).set(this);
    }
    lastActivityNanos = clock.getAsLong();
    channel.writeAndFlush(request).addListener(f -> {
      if (!f.isSuccess()) {
        fail(channel, f.cause());
      }
    });
    if (timeoutNanos > 0) {
      ResponseWatch.cover(channel, lastActivityNanos + timeoutNanos, clock);
    }
  }

  /** The exchange in flight on {@code channel}, or null. */
  static Exchange current(Channel channel) {
    return channel.attr(CURRENT).get();
  }

  /**
   * Fails this exchange when its response timeout has passed since the last byte read (or the
   * request).
   *
   * <p>Otherwise answers when to check again, on {@link #clock}, or {@link ResponseWatch#NONE}
   * when nothing is left to watch.
   */
  long checkTimeout(Channel channel) {
    if (done.isDone() || timeoutNanos == 0) {
      return ResponseWatch.NONE;
    }
    if (clock.getAsLong() - lastActivityNanos >= timeoutNanos) {
      fail(channel, new SocketTimeoutException("Read timed out"));
      return ResponseWatch.NONE;
    }
    return lastActivityNanos + timeoutNanos;
  }

  /** Fails this exchange with {@code cause} (a reset stream, a GOAWAY), closing {@code channel}. */
  void failOn(Channel channel, Throwable cause) {
    fail(channel, cause);
  }

  /** An HTTP/2 response's first HEADERS frame: latency ends there, not at a SETTINGS frame. */
  void headersArrived() {
    if (!headersSeen) {
      headersSeen = true;
      firstByteNanos = System.nanoTime();
    }
  }

  private void fail(Channel channel, Throwable cause) {
    release(channel);
    done.completeExceptionally(cause);
    channel.close();
  }

  /**
   * Ends the exchange on its connection: nothing there holds it, and no response parts are held.
   *
   * <p>The connection's {@link ResponseWatch} then finds no exchange.
   */
  private void release(Channel channel) {
    channel.attr(CURRENT).compareAndSet(this, null);
    if (channel.parent() != null) {
      channel.parent().attr(CURRENT).compareAndSet(this, null);
    }
    head = null;
    body = null;
  }

  /** "host:port" as HttpClient 4 names the target, built only for a failure's message. */
  String hostPort() {
    return url.getHost() + ":" + (url.getPort() == -1 ? url.getDefaultPort() : url.getPort());
  }

  private void head(Channel channel, HttpResponse response) {
    if (response.decoderResult().isFailure()) {
      fail(channel, new ClientProtocolException("The server answered no valid HTTP response",
          response.decoderResult().cause()));
      return;
    }
    if (response.status().codeClass() == HttpStatusClass.INFORMATIONAL
        && response.status().code() != 101) {
      // 100 Continue, 103 Early Hints: interim, skipped with their empty content as HttpClient 4
      // skips them; the final response follows on the same connection.
      return;
    }
    head = response;
    String length = response.headers().get(HttpHeaderNames.CONTENT_LENGTH);
    body = new BodyBytes(length != null && length.length() < 8 ? Integer.parseInt(length) : 256);
  }

  private void content(Channel channel, HttpContent content) {
    if (head == null) {
      return;
    }
    if (content.decoderResult().isFailure()) {
      fail(channel, new ConnectionClosedException(
          "Premature end of message body: " + content.decoderResult().cause()));
      return;
    }
    body.add(content.content());
    if (content instanceof LastHttpContent) {
      complete(channel);
    }
  }

  private void complete(Channel channel) {
    // The response ends here, on the loop: how soon its user runs again is the generator's
    // scheduling, not the server's time.
    long lastByteNanos = System.nanoTime();
    HttpResponse response = head;
    byte[] bytes = body.toArray();
    release(channel);
    List<Map.Entry<String, String>> headers = new ArrayList<>(response.headers().size());
    boolean stream = channel.parent() != null;
    for (Map.Entry<String, String> header : response.headers()) {
      // Netty's HTTP/2-to-HTTP/1 conversion adds x-http2-* headers the server never sent.
      if (!stream || !header.getKey().startsWith("x-http2-")) {
        headers.add(header);
      }
    }
    // A stream ends with its response; its connection stays the user's while it is open.
    boolean keepAlive = stream ? channel.parent().isActive()
        : keepAliveAsked && HttpUtil.isKeepAlive(response);
    done.complete(new WireResponse(stream ? Http2Streams.PROTOCOL
        : response.protocolVersion().text(), response.status().code(),
        response.status().reasonPhrase(), headers, bytes, received, sent,
        firstByteNanos, lastByteNanos, keepAlive));
    if (!keepAlive && !stream) {
      channel.close();
    }
  }

  /** The handlers a connection's pipeline holds around the HTTP codec. */
  static ChannelDuplexHandler meter() {
    return new Meter(false);
  }

  /** The meter of an HTTP/2 connection, whose server rightly starts with a SETTINGS frame. */
  static ChannelDuplexHandler http2Meter() {
    return new Meter(true);
  }

  static ChannelInboundHandlerAdapter completion() {
    return new Completion();
  }

  /** Counts the HTTP bytes each way (under the codec, over TLS) and notes the first byte. */
  private static final class Meter extends ChannelDuplexHandler {
    private boolean firstBytesRead; // checked once for an HTTP/2-only server's preface

    Meter(boolean http2) {
      firstBytesRead = http2;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!firstBytesRead && Http2Preface.releasedAsHttp2(msg)) {
        failed(ctx, Http2Preface.refusal());
        return;
      }
      firstBytesRead = true;
      Exchange exchange = ctx.channel().attr(CURRENT).get();
      if (exchange != null && msg instanceof ByteBuf bytes) {
        long now = exchange.clock.getAsLong();
        if (exchange.received == 0) {
          // The sampler compares the first byte with its own nanoTime, whatever the clock.
          exchange.firstByteNanos = exchange.clock == SYSTEM_CLOCK ? now : System.nanoTime();
        }
        exchange.received += bytes.readableBytes();
        exchange.lastActivityNanos = now;
      }
      ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      Exchange exchange = ctx.channel().attr(CURRENT).get();
      if (exchange != null && msg instanceof ByteBuf bytes) {
        exchange.sent += bytes.readableBytes();
      }
      ctx.write(msg, promise);
    }

    /**
     * Passes the close to the codec first, and fails the exchange only if it is still waiting
     * then.
     *
     * <p>A body that ends at the close (no Content-Length) is complete only once the codec has
     * delivered its last part.
     */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      ResponseWatch.stop(ctx.channel());
      ctx.fireChannelInactive();
      Exchange exchange = ctx.channel().attr(CURRENT).get();
      if (exchange != null && !exchange.done.isDone()) {
        exchange.fail(ctx.channel(), exchange.received == 0
            ? new NoHttpResponseException(exchange.hostPort() + " failed to respond")
            : new ConnectionClosedException("Premature end of message body: connection closed"));
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      failed(ctx, cause);
    }
  }

  /** A failure read from the socket or raised by the codec: the user sees the cause. */
  private static void failed(ChannelHandlerContext ctx, Throwable raised) {
    Throwable cause = asJdk(raised);
    Exchange exchange = ctx.channel().attr(CURRENT).get();
    if (exchange != null) {
      exchange.fail(ctx.channel(), cause);
    } else {
      ctx.channel().attr(IDLE_FAILURE).setIfAbsent(cause);
      ctx.close();
    }
  }

  /**
   * A socket failure as the JDK reports it, which is what HttpClient 4's socket throws.
   *
   * <p>The epoll transport's native one ("recvAddress(..) failed: Connection reset by peer")
   * becomes the JDK's {@code SocketException: Connection reset}; anything else stays as it is.
   */
  static Throwable asJdk(Throwable cause) {
    if (!(cause instanceof Errors.NativeIoException)) {
      return cause;
    }
    String message = cause.getMessage();
    int call = message == null ? -1 : message.indexOf("(..) failed");
    String text = call < 0 ? message : message.substring(message.lastIndexOf(": ") + 2);
    SocketException jdk = new SocketException("Connection reset by peer".equals(text)
        ? "Connection reset" : text);
    jdk.initCause(cause);
    return jdk;
  }

  /**
   * The failure that closed {@code channel} before any request went on it, or null.
   *
   * <p>It is the cause a failed TLS handshake hides behind Netty's {@code ClosedChannelException}.
   */
  static Throwable failureBeforeExchange(Channel channel) {
    return channel.attr(IDLE_FAILURE).get();
  }

  /**
   * Gathers the response as the codec reads it and hands it to the waiting user.
   *
   * <p>Headers stay exactly as sent, which an aggregator would rewrite.
   */
  private static final class Completion extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        Exchange exchange = ctx.channel().attr(CURRENT).get();
        if (exchange == null) {
          return;
        }
        if (msg instanceof HttpResponse response) {
          exchange.head(ctx.channel(), response);
        }
        if (msg instanceof HttpContent content && !exchange.done.isDone()) {
          exchange.content(ctx.channel(), content);
        }
      } catch (RuntimeException e) {
        failed(ctx, e);
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      failed(ctx, cause);
    }
  }
}
