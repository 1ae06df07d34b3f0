package dev.perfsuite.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.concurrent.DefaultThreadFactory;
import javax.net.ssl.SSLException;

/**
 * The one event loop every user's connections run on: as many threads as cores, daemon threads,
 * created on first use and kept for the JVM's life (a JMeter user never owns one).
 *
 * <p>TLS trusts every certificate, as JMeter's default does: a load generator tests the server,
 * it does not judge its certificate.
 */
final class SharedLoop {
  private static final SharedLoop INSTANCE = new SharedLoop();

  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final SslContext tls;

  private SharedLoop() {
    group = new NioEventLoopGroup(Runtime.getRuntime().availableProcessors(),
        new DefaultThreadFactory("perf-http", true));
    bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true);
    tls = newTls();
  }

  /** A trust-all TLS context with a session cache of its own. */
  static SslContext newTls() {
    try {
      return SslContextBuilder.forClient()
          .trustManager(InsecureTrustManagerFactory.INSTANCE).build();
    } catch (SSLException e) {
      throw new IllegalStateException("cannot build the client's trust-all TLS context", e);
    }
  }

  static SharedLoop get() {
    return INSTANCE;
  }

  /** A bootstrap of its own for one connection (options differ by sampler). */
  Bootstrap bootstrap() {
    return bootstrap.clone();
  }

  /** The context all users share when {@code https.sessioncontext.shared} is true. */
  SslContext tls() {
    return tls;
  }
}
