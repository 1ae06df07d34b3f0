package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.BuiltTree;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

/** HTTP/2 failures on the suite's client are errors classified as HTTP/1.1's are. */
class Http2ErrorsIT {

  @Test
  void shouldFailAResetStreamNamingItsErrorCode() throws InterruptedException {
    NioEventLoopGroup group = new NioEventLoopGroup(1);
    try {
      Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Resetting());
            }
          }).bind("127.0.0.1", 0).sync().channel();
      int port = ((InetSocketAddress) server.localAddress()).getPort();

      SampleResult sample = one("http://127.0.0.1:" + port + "/reset", Duration.ofSeconds(5));

      assertThat(sample.isSuccessful()).as("a reset stream's sample succeeded").isFalse();
      assertThat(sample.getResponseCode()).as("code of a reset stream")
          .isEqualTo("Non HTTP response code: org.apache.http.ConnectionClosedException");
      assertThat(sample.getResponseMessage()).as("message of a reset stream")
          .isEqualTo("Non HTTP response message: HTTP/2 stream reset by the server: "
              + "REFUSED_STREAM");
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
  }

  @Test
  void shouldTimeOutASlowStreamAsHttp11Does() {
    try (EchoBackend slow = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0).withWorkerThreads(1).withDelay(Duration.ofMillis(1500)))) {
      SampleResult sample = one(slow.uri() + "slow", Duration.ofMillis(300));

      assertThat(sample.getResponseCode()).as("code of a timed-out stream")
          .isEqualTo("Non HTTP response code: java.net.SocketTimeoutException");
      assertThat(sample.getResponseMessage()).as("message of a timed-out stream")
          .isEqualTo("Non HTTP response message: Read timed out");
    }
  }

  private static SampleResult one(String url, Duration responseTimeout) {
    CollectedSamples collected = new CollectedSamples();
    collected.setName("collected");
    try {
      testPlan(httpDefaults().connectionTimeout(Duration.ofSeconds(2))
              .responseTimeout(responseTimeout),
          threadGroup(1, 1, httpSampler("h2", url)),
          BuiltTree.of(collected, new ListedHashTree()),
          BuiltTree.onceBuilt(tree -> ClientSwap.apply(tree, 0, "2"))).run();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    List<SampleResult> samples = collected.samples();
    assertThat(samples).as("samples").hasSize(1);
    return samples.get(0);
  }

  /** Answers every request's HEADERS with RST_STREAM (REFUSED_STREAM). */
  private static final class Resetting extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2HeadersFrame headers) {
        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM)
            .stream(headers.stream()));
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
