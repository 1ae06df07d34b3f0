package dev.perfsuite.echo;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running echo backend; mutable lifecycle object, safe to close from any thread.
 *
 * <pre>{@code
 * try (EchoBackend echo =
 *     EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0))) {
 *   URI target = echo.uri();
 *   // drive load at target
 * }
 * }</pre>
 */
public final class EchoBackend implements AutoCloseable {

  /**
   * Channels are closed at once on shutdown, so a quiet period would only slow {@link #close()}
   * down.
   */
  private static final long SHUTDOWN_QUIET_PERIOD_MILLIS = 0;
  private static final long SHUTDOWN_TIMEOUT_MILLIS = 5_000;

  private final EchoOptions options;
  private final EventLoopGroup bossGroup;
  private final EventLoopGroup workerGroup;
  private final Channel serverChannel;
  private final int port;
  private final URI uri;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EchoBackend(EchoOptions options, EventLoopGroup bossGroup, EventLoopGroup workerGroup,
      Channel serverChannel) {
    this.options = options;
    this.bossGroup = bossGroup;
    this.workerGroup = workerGroup;
    this.serverChannel = serverChannel;
    InetSocketAddress local = (InetSocketAddress) serverChannel.localAddress();
    this.port = local.getPort();
    this.uri = URI.create("http://" + uriHost(local.getAddress()) + ":" + port + "/");
  }

  /**
   * Binds and starts a backend; it serves until {@link #close()}.
   *
   * @param options where to listen and how to answer
   * @return the running backend
   * @throws IllegalStateException if the address cannot be bound, e.g. the port is taken
   */
  public static EchoBackend start(EchoOptions options) {
    EventLoopGroup bossGroup =
        new NioEventLoopGroup(options.bossThreads(), new DefaultThreadFactory("echo-boss"));
    EventLoopGroup workerGroup =
        new NioEventLoopGroup(options.workerThreads(), new DefaultThreadFactory("echo-worker"));
    try {
      Channel serverChannel = new ServerBootstrap()
          .group(bossGroup, workerGroup)
          .channel(NioServerSocketChannel.class)
          .option(ChannelOption.SO_BACKLOG, 1024)
          .option(ChannelOption.SO_REUSEADDR, true)
          .childOption(ChannelOption.TCP_NODELAY, true)
          .childOption(ChannelOption.SO_KEEPALIVE, true)
          .childHandler(new EchoChannelInitializer(options))
          .bind(options.host(), options.port())
          .sync()
          .channel();
      return new EchoBackend(options, bossGroup, workerGroup, serverChannel);
    } catch (Exception e) { // sync() rethrows the bind failure (a checked exception) undeclared
      shutDown(bossGroup, workerGroup);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException(
          "Echo backend could not bind " + options.host() + ":" + options.port() + ": " + e, e);
    }
  }

  /**
   * Returns the bound port, the chosen one when the options asked for port 0.
   *
   * @return the TCP port
   */
  public int port() {
    return port;
  }

  /**
   * Returns the base address to send requests to; a wildcard bind is reached through
   * {@code 127.0.0.1}.
   *
   * @return e.g. {@code http://127.0.0.1:41234/}
   */
  public URI uri() {
    return uri;
  }

  /**
   * Returns the options this backend was started with.
   *
   * @return the options, with the configured (not the bound) port
   */
  public EchoOptions options() {
    return options;
  }

  /**
   * Stops accepting, closes open connections (dropping responses still waiting for their delay) and
   * waits for the event loops to terminate; calling it again does nothing.
   */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      serverChannel.close().syncUninterruptibly();
      shutDown(bossGroup, workerGroup);
    }
  }

  /** Blocks until both event loops have terminated, i.e. until {@link #close()} has run. */
  void awaitTermination() throws InterruptedException {
    bossGroup.terminationFuture().sync();
    workerGroup.terminationFuture().sync();
  }

  private static void shutDown(EventLoopGroup bossGroup, EventLoopGroup workerGroup) {
    Future<?> boss = bossGroup.shutdownGracefully(
        SHUTDOWN_QUIET_PERIOD_MILLIS, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    Future<?> worker = workerGroup.shutdownGracefully(
        SHUTDOWN_QUIET_PERIOD_MILLIS, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    boss.syncUninterruptibly();
    worker.syncUninterruptibly();
  }

  private static String uriHost(InetAddress address) {
    if (address.isAnyLocalAddress()) {
      return "127.0.0.1";
    }
    String literal = address.getHostAddress();
    return address instanceof Inet6Address ? "[" + literal.replaceFirst("%.*$", "") + "]" : literal;
  }

  @Override
  public String toString() {
    return "EchoBackend[" + uri + ", " + options + "]";
  }
}
