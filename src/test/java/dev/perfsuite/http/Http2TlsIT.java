package dev.perfsuite.http;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.engines.BuiltTree;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.IdentityCipherSuiteFilter;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.ListedHashTree;
import org.junit.jupiter.api.Test;

/** h2 by ALPN on the suite's client against a self-signed TLS server offering h2, or not. */
class Http2TlsIT {

  @Test
  void shouldSpeakH2WhenTheServerOffersItByAlpn() throws Exception {
    SampleResult sample = against(true, "2");

    assertThat(sample.getResponseHeaders()).as("status line over TLS offering h2")
        .startsWith("HTTP/2.0 200");
    assertThat(sample.getResponseDataAsString()).as("body").isEqualTo("h2");
  }

  @Test
  void shouldTakeHttp11OnAutoWhenTheServerOffersOnlyThat() throws Exception {
    SampleResult sample = against(false, "auto");

    assertThat(sample.getResponseHeaders()).as("status line over TLS offering http/1.1 only")
        .startsWith("HTTP/1.1 200");
    assertThat(sample.getResponseDataAsString()).as("body").isEqualTo("h1");
  }

  @Test
  void shouldFailVersion2ClearlyWhenTheServerDoesNotOfferH2() throws Exception {
    SampleResult sample = against(false, "2");

    assertThat(sample.isSuccessful()).as("2 against an http/1.1-only server succeeded").isFalse();
    assertThat(sample.getResponseCode()).as("code")
        .isEqualTo("Non HTTP response code: org.apache.http.client.ClientProtocolException");
    assertThat(sample.getResponseMessage()).as("message")
        .contains("does not offer h2 by ALPN").contains("Fix:");
  }

  private static SampleResult against(boolean offersH2, String version) throws Exception {
    NioEventLoopGroup group = new NioEventLoopGroup(1);
    try {
      SslContext tls = new JdkSslContext(SelfSigned.context(), false, null,
          IdentityCipherSuiteFilter.INSTANCE, new ApplicationProtocolConfig(
              ApplicationProtocolConfig.Protocol.ALPN,
              ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
              ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
              offersH2 ? List.of(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1)
                  : List.of(ApplicationProtocolNames.HTTP_1_1)), ClientAuth.NONE, null, false);
      Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
          .childHandler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ch.pipeline().addLast(tls.newHandler(ch.alloc()), new Negotiation());
            }
          }).bind("127.0.0.1", 0).sync().channel();
      int port = ((InetSocketAddress) server.localAddress()).getPort();
      SampleResult sample = one("https://127.0.0.1:" + port + "/tls", version);
      server.close().sync();
      return sample;
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
  }

  private static SampleResult one(String url, String version) {
    CollectedSamples collected = new CollectedSamples();
    collected.setName("collected");
    try {
      testPlan(httpDefaults().connectionTimeout(Duration.ofSeconds(2))
              .responseTimeout(Duration.ofSeconds(5)),
          threadGroup(1, 1, httpSampler("tls", url)),
          BuiltTree.of(collected, new ListedHashTree()),
          BuiltTree.onceBuilt(tree -> ClientSwap.apply(tree, 0, version))).run();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    List<SampleResult> samples = collected.samples();
    assertThat(samples).as("samples").hasSize(1);
    return samples.get(0);
  }

  private static final class Negotiation extends ApplicationProtocolNegotiationHandler {
    Negotiation() {
      super(ApplicationProtocolNames.HTTP_1_1);
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
      if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
        ctx.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new H2Answer());
      } else {
        ctx.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1024),
            new H1Answer());
      }
    }
  }

  private static final class H2Answer extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2HeadersFrame headers && headers.isEndStream()) {
        ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
            .set("content-type", "text/plain")).stream(headers.stream()));
        ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("h2",
            StandardCharsets.US_ASCII), true).stream(headers.stream()));
      }
      ReferenceCountUtil.release(msg);
    }
  }

  private static final class H1Answer extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof HttpRequest) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            HttpResponseStatus.OK, Unpooled.copiedBuffer("h1", StandardCharsets.US_ASCII));
        response.headers().set("Content-Type", "text/plain").setInt("Content-Length", 2)
            .set("Connection", "close");
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
      }
      ReferenceCountUtil.release(msg);
    }
  }
}
