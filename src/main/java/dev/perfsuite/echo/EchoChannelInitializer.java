package dev.perfsuite.echo;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;

/** Builds WSO2's HTTP/1.1 pipeline on each accepted connection: codec, aggregator, echo. */
final class EchoChannelInitializer extends ChannelInitializer<SocketChannel> {

  private final int maxContentLength;
  private final EchoHandler echoHandler;

  EchoChannelInitializer(EchoOptions options) {
    this.maxContentLength = options.maxContentLength();
    this.echoHandler = new EchoHandler(options.delay(), options.stall());
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    // The aggregator answers 413 itself when a body exceeds maxContentLength.
    channel.pipeline()
        .addLast("http-codec", new HttpServerCodec())
        .addLast("http-aggregator", new HttpObjectAggregator(maxContentLength))
        .addLast("echo", echoHandler);
  }
}
