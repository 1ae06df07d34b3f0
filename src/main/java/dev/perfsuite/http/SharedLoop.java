package dev.perfsuite.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolConfig.Protocol;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectedListenerFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolConfig.SelectorFailureBehavior;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/**
 * The one event loop every user's connections run on.
 *
 * <p>As many threads as cores, daemon threads, created on first use and kept for the JVM's life
 * (a JMeter user never owns one).
 *
 * <p>Its transport is Netty's native epoll where the platform has it (Linux x86_64 with the
 * library loaded, in place of the JDK's selector), NIO anywhere else or when Netty's own
 * switch {@code -Dio.netty.transport.noNative=true} turns native transports off; {@link
 * #transport()} names the one in use.
 *
 * <p>TLS trusts every certificate, as JMeter's default does: a load generator tests the server,
 * it does not judge its certificate.
 */
final class SharedLoop {
  private static final SharedLoop INSTANCE = new SharedLoop(Transport.of(epollAvailable()));

  private final Transport transport;
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final SslContext tls;
  private final SslContext alpnTls;

  private SharedLoop(Transport transport) {
    this.transport = transport;
    group = transport.newGroup(Runtime.getRuntime().availableProcessors(),
        new DefaultThreadFactory("perf-http", true));
    bootstrap = new Bootstrap().group(group).channel(transport.channelType())
        .option(ChannelOption.TCP_NODELAY, true);
    tls = newTls();
    alpnTls = newTls(true);
  }

  /** A loop of its own on {@code transport}, one thread (for tests of the fallback). */
  static SharedLoop on(Transport transport) {
    return new SharedLoop(transport);
  }

  /** The socket transport of the loop: Netty's native epoll, or the JDK's NIO. */
  enum Transport {
    EPOLL("epoll"),
    NIO("nio");

    private final String label;

    Transport(String label) {
      this.label = label;
    }

    /** The channel class, named only when chosen: NIO needs no epoll class on the class path. */
    Class<? extends SocketChannel> channelType() {
      return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** Epoll when the platform has it, NIO otherwise. */
    static Transport of(boolean epollAvailable) {
      return epollAvailable ? EPOLL : NIO;
    }

    EventLoopGroup newGroup(int threads, DefaultThreadFactory factory) {
      return this == EPOLL ? new EpollEventLoopGroup(threads, factory)
          : new NioEventLoopGroup(threads, factory);
    }

    /** The name run facts carry: {@code epoll} or {@code nio}. */
    String label() {
      return label;
    }
  }

  /**
   * Whether Netty's epoll transport loads here.
   *
   * <p>Any failure to load it (another OS or CPU, no native jar on the class path, a library the
   * system refuses) means no.
   */
  static boolean epollAvailable() {
    try {
      return Epoll.isAvailable();
    } catch (LinkageError | RuntimeException absent) {
      return false;
    }
  }

  /** The transport of the loop every user shares. */
  Transport transport() {
    return transport;
  }

  /** Stops a loop made by {@link #on} (the shared one lives as long as the JVM). */
  void shutdown() {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }

  /** A trust-all TLS context with a session cache of its own. */
  static SslContext newTls() {
    return newTls(false);
  }

  /**
   * A trust-all TLS context with a session cache of its own, offering ALPN when {@code alpn}.
   *
   * <p>It offers h2 then http/1.1; the JDK's {@code SSLEngine} has ALPN since Java 9.
   */
  static SslContext newTls(boolean alpn) {
    try {
      SslContextBuilder builder = SslContextBuilder.forClient()
          .trustManager(InsecureTrustManagerFactory.INSTANCE);
      if (alpn) {
        builder.applicationProtocolConfig(new ApplicationProtocolConfig(Protocol.ALPN,
            SelectorFailureBehavior.NO_ADVERTISE, SelectedListenerFailureBehavior.ACCEPT,
            ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1));
      }
      return builder.build();
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

  /**
   * A bootstrap of its own whose connection runs on {@code home}, the loop its user runs on.
   *
   * <p>On the next loop of the group when {@code home} is null.
   */
  Bootstrap bootstrapOn(EventLoop home) {
    return home == null ? bootstrap.clone() : bootstrap.clone(home);
  }

  /** The next loop of the group, round robin (the home of one loop-carried user). */
  EventLoop nextLoop() {
    return group.next();
  }

  /** The context all users share when {@code https.sessioncontext.shared} is true. */
  SslContext tls() {
    return tls;
  }

  /** As {@link #tls()}, offering h2 by ALPN. */
  SslContext alpnTls() {
    return alpnTls;
  }
}
