package dev.perfsuite.http;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.netty.util.concurrent.Future;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.http.HttpHost;
import org.apache.http.conn.ConnectTimeoutException;
import org.apache.http.conn.HttpHostConnectException;
import org.apache.jmeter.util.JMeterUtils;

/**
 * One JMeter user's connections, one per origin, kept alive between its requests as
 * HttpClient 4's per-thread pool keeps them.
 *
 * <p>An origin is a scheme, host and port. The sockets themselves run on the {@link SharedLoop}.
 *
 * <p>Held in a thread-local, so a user on a virtual thread has its own as on a platform thread.
 * Connection failures carry HttpClient 4's exception types and messages
 * ({@code HttpHostConnectException}, {@code ConnectTimeoutException}, the JDK's
 * {@code UnknownHostException}), so errors read and classify alike on both clients.
 */
final class UserChannels {
  private static final ThreadLocal<UserChannels> OF_THIS_USER =
      ThreadLocal.withInitial(UserChannels::new);

  private final Map<String, Channel> open = new HashMap<>(4);
  /**
   * JMeter's {@code https.sessioncontext.shared}: whether users resume each other's TLS sessions.
   *
   * <p>Default false: each user resumes only its own, as each JMeter thread has its own SSL
   * context.
   */
  private static final boolean SHARED_TLS_SESSIONS =
      JMeterUtils.getPropDefault("https.sessioncontext.shared", false);
  private SslContext tls;
  private SslContext alpnTls;
  /** The origin of the user's last request, kept so the next one to it builds no key. */
  private String lastOrigin;
  private URL lastOriginOf;
  /** What the user's thread is parked on (connect, handshake, response), for {@link #abort}. */
  private volatile CompletableFuture<?> waiting;

  private UserChannels() {
  }

  static UserChannels ofThisUser() {
    return OF_THIS_USER.get();
  }

  /** A connection and whether it was opened for this request (connect time counts then). */
  record Connection(Channel channel, String origin, long connectedNanos) {
    boolean opened() {
      return connectedNanos != 0;
    }
  }

  /**
   * The user's open connection to {@code url}'s origin, or a new one.
   *
   * @param connectTimeoutMillis 0 waits as long as the system does (HttpClient 4's 0), the
   *     TLS handshake as long as the server takes; {@link #abort} or an interrupt ends it
   * @throws IOException as HttpClient 4 would fail to connect
   */
  Connection connection(URL url, int connectTimeoutMillis) throws IOException {
    boolean secure = "https".equalsIgnoreCase(url.getProtocol());
    String origin = originOf(url);
    Channel channel = open.get(origin);
    if (channel != null && channel.isActive()) {
      return new Connection(channel, origin, 0);
    }
    open.remove(origin);
    Connection opened = open(url, connectTimeoutMillis, secure ? tls() : null);
    open.put(origin, opened.channel());
    return opened;
  }

  /**
   * As {@link #connection(URL, int)}, in {@code version}: h2c with prior knowledge on http://
   * for 2, h2 by ALPN on https:// for 2 and auto.
   *
   * <p>Each version's connection is kept apart from another's to the same origin, and left for
   * a new one once the server has sent GOAWAY.
   *
   * @throws IOException also when version 2 asks h2 of a TLS server that does not offer it
   */
  Connection connection(URL url, int connectTimeoutMillis, Http2Streams.Version version)
      throws IOException {
    boolean secure = "https".equalsIgnoreCase(url.getProtocol());
    Http2Streams.Mode mode = Http2Streams.Mode.of(version, secure);
    if (mode == Http2Streams.Mode.HTTP_1_1) {
      return connection(url, connectTimeoutMillis);
    }
    String origin = mode.name() + ":" + originOf(url);
    Channel channel = open.get(origin);
    if (channel != null && Http2Streams.usable(channel)) {
      return new Connection(channel, origin, 0);
    }
    open.remove(origin);
    if (channel != null) {
      channel.close();
    }
    Connection opened = new Connection(connect(url.getHost(), port(url),
        secure ? alpnTls() : null, connectTimeoutMillis, mode), origin, System.nanoTime());
    open.put(origin, opened.channel());
    return opened;
  }

  private SslContext alpnTls() {
    if (SHARED_TLS_SESSIONS) {
      return SharedLoop.get().alpnTls();
    }
    if (alpnTls == null) {
      alpnTls = SharedLoop.newTls(true);
    }
    return alpnTls;
  }

  /**
   * A new stream on the HTTP/2 connection {@code parent}, for one request.
   *
   * <p>This user's thread parks while the loop opens it; {@link #abort} can end the wait.
   */
  Channel stream(Channel parent) throws IOException {
    Future<Http2StreamChannel> opening = Http2Streams.open(parent);
    await(opening, "opening an HTTP/2 stream");
    return opening.getNow();
  }

  private static int port(URL url) {
    return url.getPort() == -1 ? url.getDefaultPort() : url.getPort();
  }

  /**
   * A new connection to {@code url}'s origin, kept by no one yet.
   *
   * <p>This user's thread parks while it opens; {@link #abort} can end the wait.
   *
   * @param context the TLS context for an https origin, ignored for http
   */
  Connection open(URL url, int connectTimeoutMillis, SslContext context) throws IOException {
    boolean secure = "https".equalsIgnoreCase(url.getProtocol());
    int port = url.getPort() == -1 ? url.getDefaultPort() : url.getPort();
    Channel channel = connect(url.getHost(), port, secure ? context : null,
        connectTimeoutMillis, Http2Streams.Mode.HTTP_1_1);
    return new Connection(channel, origin(url), System.nanoTime());
  }

  /** {@link #origin(URL)}, the same string as for the last URL when it has the same origin. */
  private String originOf(URL url) {
    URL last = lastOriginOf;
    if (last != null && last.getPort() == url.getPort() && last.getHost().equals(url.getHost())
        && last.getProtocol().equals(url.getProtocol())) {
      return lastOrigin;
    }
    lastOrigin = origin(url);
    lastOriginOf = url;
    return lastOrigin;
  }

  /** The scheme, host and port of {@code url}: what a kept connection is reused for. */
  static String origin(URL url) {
    int port = url.getPort() == -1 ? url.getDefaultPort() : url.getPort();
    return url.getProtocol() + "://" + url.getHost() + ":" + port;
  }

  /** Forgets a connection that will not carry another request (closed, or not kept alive). */
  void drop(Connection connection) {
    open.remove(connection.origin(), connection.channel());
    connection.channel().close();
  }

  /**
   * The TLS context of this user's connections: its own, unless JMeter shares one across users.
   *
   * <p>A user's own is made on its first HTTPS connection.
   */
  SslContext tls() {
    if (SHARED_TLS_SESSIONS) {
      return SharedLoop.get().tls();
    }
    if (tls == null) {
      tls = SharedLoop.newTls();
    }
    return tls;
  }

  /**
   * A new visitor: no connection and no TLS session of the previous one carries over.
   *
   * <p>HttpClient 4 resets its pool and JMeter its SSL context then.
   */
  void newVisitor() {
    closeAll();
    tls = null;
    alpnTls = null;
  }

  /** Closes every connection of this user (thread end, a new visitor's iteration). */
  void closeAll() {
    List<Channel> channels = new ArrayList<>(open.values());
    open.clear();
    channels.forEach(Channel::close);
  }

  private Channel connect(String host, int port, SslContext context, int timeoutMillis,
      Http2Streams.Mode mode) throws IOException {
    boolean secure = context != null;
    CompletableFuture<Void> negotiated = new CompletableFuture<>();
    // Resolved on the user's thread, as HttpClient 4 does: same exception, same blocking.
    InetAddress address = InetAddress.getByName(host);
    HttpHost target = new HttpHost(host, port, secure ? "https" : "http");
    // A loop-carried user's connections run on its own loop: its request crosses no thread.
    Bootstrap bootstrap = SharedLoop.get().bootstrapOn(LoopCarriers.home())
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, timeoutMillis)
        .handler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            if (secure) {
              // The host name goes out as SNI (the context skips it for an IP literal).
              SslHandler tls = context.newHandler(ch.alloc(), host, port);
              // HttpClient 4 shakes hands within the connect timeout (0: no limit, as there).
              tls.setHandshakeTimeoutMillis(timeoutMillis);
              ch.pipeline().addLast(tls);
            }
            if (mode.alpn()) {
              ch.pipeline().addLast(Http2Streams.negotiation(mode, negotiated));
            } else if (mode == Http2Streams.Mode.H2C) {
              Http2Streams.configure(ch.pipeline());
            } else {
              http11(ch.pipeline());
            }
          }
        });
    ChannelFuture connecting =
        bootstrap.connect(new InetSocketAddress(address, port));
    try {
      await(connecting, "connecting");
    } catch (InterruptedIOException e) {
      connecting.channel().close();
      throw e;
    } catch (io.netty.channel.ConnectTimeoutException e) {
      throw new ConnectTimeoutException(new SocketTimeoutException("Connect timed out"), target,
          address);
    } catch (ConnectException e) {
      throw new HttpHostConnectException(ConnectFailures.plainRefusal(e), target, address);
    }
    Channel channel = connecting.channel();
    if (secure) {
      try {
        await(ConnectFailures.handshake(channel), "shaking hands");
      } catch (SslHandshakeTimeoutException e) {
        channel.close();
        throw new ConnectTimeoutException(new SocketTimeoutException("Read timed out"), target,
            address);
      } catch (ClosedChannelException e) {
        channel.close();
        throw ConnectFailures.closedDuringHandshake(channel, e);
      } catch (NotSslRecordException e) {
        channel.close();
        throw ConnectFailures.notSsl(e);
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
      if (mode.alpn()) {
        // The pipeline is set once ALPN's choice is known, after the handshake.
        try {
          await(negotiated, "choosing the protocol");
        } catch (IOException | RuntimeException e) {
          channel.close();
          throw e;
        }
      }
    }
    return channel;
  }

  /** Adds the HTTP/1.1 handlers: meter, codec, completion. */
  static void http11(ChannelPipeline pipeline) {
    pipeline.addLast(Exchange.meter(), new HttpClientCodec(), Exchange.completion());
  }

  /** Parks until {@code future} is done, as {@link #await(CompletableFuture, String)}. */
  private void await(Future<?> future, String doing) throws IOException {
    CompletableFuture<Void> done = new CompletableFuture<>();
    future.addListener(f -> {
      if (f.isSuccess()) {
        done.complete(null);
      } else {
        done.completeExceptionally(f.cause());
      }
    });
    try {
      await(done, doing);
    } catch (InterruptedIOException e) {
      future.cancel(false);
      throw e;
    }
  }

  /**
   * Parks the user's thread until {@code done} completes, without holding a monitor (a virtual
   * user does not pin its carrier). Never unbounded for a stopping test: the thread's interrupt
   * and {@link #abort} (JMeter's {@code Interruptible}) both end the wait with an
   * {@code InterruptedIOException}. A failure is thrown as is when it is an I/O failure.
   *
   * <p>Trap: an interrupt flag already set when the wait starts does not end it. JMeter leaves
   * the flag set after an interrupted timer, and the user may sample once more while its test
   * stops; HttpClient 4's blocking socket ignores the flag and sends that request, so this
   * client does too, and sets the flag again for JMeter once the wait is over.
   */
  <T> T await(CompletableFuture<T> done, String doing) throws IOException {
    boolean interruptedBefore = Thread.interrupted();
    waiting = done;
    try {
      return done.get();
    } catch (InterruptedException e) {
      interruptedBefore = true;
      throw new InterruptedIOException("interrupted while " + doing);
    } catch (ExecutionException e) {
      throw asIo(e.getCause());
    } finally {
      waiting = null;
      if (interruptedBefore) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Ends the wait the user's thread is parked on (called from JMeter's stopping thread).
   *
   * @return whether a wait was ended
   */
  boolean abort() {
    CompletableFuture<?> current = waiting;
    return current != null && current.completeExceptionally(
        new InterruptedIOException("request aborted: the test is stopping"));
  }

  static IOException asIo(Throwable cause) {
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof RuntimeException runtime) {
      throw runtime;
    }
    return new IOException(cause);
  }
}
