package dev.perfsuite.echo;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;

/**
 * Builds WSO2's HTTP/1.1 pipeline on each accepted connection (codec, aggregator, echo), or HTTP/2
 * when the client starts with the h2c preface.
 *
 * <p>On HTTP/2 each stream gets the same aggregator and echo over Netty's frame-to-HTTP/1 codec,
 * so both versions answer alike.
 */
final class EchoChannelInitializer extends ChannelInitializer<SocketChannel> {

  private final int maxContentLength;
  private final EchoHandler echoHandler;

  EchoChannelInitializer(EchoOptions options) {
    this.maxContentLength = options.maxContentLength();
    this.echoHandler = new EchoHandler(options.delay(), options.stall());
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    channel.pipeline().addLast("protocol", new PrefaceSniffer(this::http11, this::http2));
  }

  private void http11(ChannelHandlerContext sniffer) {
    // The aggregator answers 413 itself when a body exceeds maxContentLength.
    sniffer.pipeline()
        .addAfter(sniffer.name(), "http-codec", new HttpServerCodec())
        .addAfter("http-codec", "http-aggregator", new HttpObjectAggregator(maxContentLength))
        .addAfter("http-aggregator", "echo", echoHandler);
  }

  private void http2(ChannelHandlerContext sniffer) {
    ChannelPipeline pipeline = sniffer.pipeline();
    pipeline.addAfter(sniffer.name(), "h2-codec", Http2FrameCodecBuilder.forServer().build())
        .addAfter("h2-codec", "h2-streams", new Http2MultiplexHandler(
            new ChannelInitializer<Http2StreamChannel>() {
              @Override
              protected void initChannel(Http2StreamChannel stream) {
                stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true),
                    new HttpObjectAggregator(maxContentLength), echoHandler);
              }
            }));
  }
}
