package dev.perfsuite.echo;

import dev.perfsuite.config.settings.EchoStall;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Answers every aggregated request with {@code 200} and the request body, sharing the body's
 * buffer.
 *
 * <p>Stateless apart from the delay, so one instance serves all channels. It logs nothing per
 * request: it is a load target.
 */
@Sharable
final class EchoHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

  private final long delayNanos;
  private final EchoStall stall;

  EchoHandler(Duration delay, Optional<EchoStall> stall) {
    this.delayNanos = delay.toNanos();
    this.stall = stall.orElse(null);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    if (request.decoderResult().isFailure()) {
      write(ctx, badRequest(), false);
      return;
    }
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    FullHttpResponse response = echo(request, keepAlive);
    long waitNanos = delayNanos
        + (stall == null ? 0 : stall.holdMillis(System.currentTimeMillis()) * 1_000_000);
    if (waitNanos == 0) {
      write(ctx, response, keepAlive);
    } else {
      ctx.executor().schedule(() -> write(ctx, response, keepAlive), waitNanos,
          TimeUnit.NANOSECONDS);
    }
  }

  /**
   * Builds the response around a retained duplicate of the body: no copy, released once written.
   */
  private static FullHttpResponse echo(FullHttpRequest request, boolean keepAlive) {
    FullHttpResponse response = new DefaultFullHttpResponse(
        request.protocolVersion(), HttpResponseStatus.OK, request.content().retainedDuplicate());
    HttpHeaders headers = response.headers();
    String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
    if (contentType != null) {
      headers.set(HttpHeaderNames.CONTENT_TYPE, contentType);
    }
    headers.setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
    headers.set(HttpHeaderNames.CONNECTION,
        keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
    return response;
  }

  private static FullHttpResponse badRequest() {
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
        HttpResponseStatus.BAD_REQUEST, Unpooled.EMPTY_BUFFER);
    response.headers()
        .setInt(HttpHeaderNames.CONTENT_LENGTH, 0)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    return response;
  }

  /**
   * Writes on the channel's event loop; a failed write (channel already closed) releases the
   * response.
   */
  private static void write(ChannelHandlerContext ctx, FullHttpResponse response,
      boolean keepAlive) {
    if (keepAlive) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  /**
   * Closes the connection quietly: resets by load generators are routine, not worth a log line
   * each.
   */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
