package dev.perfsuite.echo;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import java.util.List;
import java.util.function.Consumer;

/**
 * Tells an HTTP/2 client with prior knowledge (h2c) from an HTTP/1.1 one by its first bytes, and
 * puts the matching pipeline in its own place.
 *
 * <p>It decides as soon as the bytes read differ from the 24-byte connection preface, so an
 * HTTP/1.1 request shorter than the preface is not held back.
 */
final class PrefaceSniffer extends ByteToMessageDecoder {
  private static final ByteBuf PREFACE = Http2CodecUtil.connectionPrefaceBuf();

  private final Consumer<ChannelHandlerContext> http11;
  private final Consumer<ChannelHandlerContext> http2;

  /**
   * A sniffer that calls one of two pipeline builders, then leaves.
   *
   * @param http11 adds the HTTP/1.1 handlers after the sniffer
   * @param http2 adds the HTTP/2 handlers after the sniffer
   */
  PrefaceSniffer(Consumer<ChannelHandlerContext> http11, Consumer<ChannelHandlerContext> http2) {
    this.http11 = http11;
    this.http2 = http2;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    int length = Math.min(in.readableBytes(), PREFACE.readableBytes());
    boolean matches = ByteBufUtil.equals(in, in.readerIndex(), PREFACE, 0, length);
    if (matches && length < PREFACE.readableBytes()) {
      return; // a preface so far: wait for the rest
    }
    (matches ? http2 : http11).accept(ctx);
    // Removing the decoder passes the bytes it holds to the handlers just added.
    ChannelHandler self = this;
    ctx.pipeline().remove(self);
  }
}
