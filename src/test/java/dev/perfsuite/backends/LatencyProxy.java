package dev.perfsuite.backends;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-JVM TCP proxy on loopback that delays every chunk by a fixed latency in each direction,
 * the embedded provider's stand-in for Toxiproxy's {@code latency} toxic set on both directions.
 *
 * <p>As with Toxiproxy, each chunk read from one side is written to the other side
 * {@code latency} after it was read, in order, and chunks in flight overlap (the link is a delay
 * line, not a queue): a request-response round trip costs {@code 2 x latency} more, whatever its
 * size. Two threads per direction per connection (a reader stamping chunks, a writer releasing
 * them when due); connection pools of a few hundred connections are fine.
 *
 * <p>A lifecycle object: {@link #start} listens on an ephemeral loopback port;
 * {@link #close()} stops accepting and closes every open connection, and may be called twice.
 */
public final class LatencyProxy implements AutoCloseable {
  private static final int CHUNK = 16 * 1024;
  private static final byte[] END = new byte[0];

  private final ServerSocket server;
  private final InetSocketAddress upstream;
  private final long latencyNanos;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private final AtomicLong connections = new AtomicLong();
  private final AtomicLong chunksToUpstream = new AtomicLong();
  private volatile boolean closed;

  private LatencyProxy(ServerSocket server, InetSocketAddress upstream, Duration latency) {
    this.server = server;
    this.upstream = upstream;
    this.latencyNanos = latency.toNanos();
  }

  /**
   * Starts a proxy to {@code upstreamHost:upstreamPort} (loopback) that adds {@code latency} to
   * each direction.
   */
  public static LatencyProxy start(String upstreamHost, int upstreamPort, Duration latency) {
    Objects.requireNonNull(latency, "latency");
    if (latency.isNegative()) {
      throw new IllegalArgumentException("latency must not be negative: " + latency);
    }
    try {
      ServerSocket server = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
      LatencyProxy proxy = new LatencyProxy(server,
          new InetSocketAddress(upstreamHost, upstreamPort), latency);
      Thread acceptor = new Thread(proxy::accept, "latency-proxy-accept-" + server.getLocalPort());
      acceptor.setDaemon(true);
      acceptor.start();
      return proxy;
    } catch (IOException e) {
      throw new UncheckedIOException("latency proxy: cannot listen on loopback", e);
    }
  }

  /** The loopback port clients connect to. */
  public int port() {
    return server.getLocalPort();
  }

  /** The added one-way latency. */
  public Duration latency() {
    return Duration.ofNanos(latencyNanos);
  }

  /** Connections accepted so far. */
  public long connections() {
    return connections.get();
  }

  /** Chunks forwarded from clients to the upstream so far (about one per request message). */
  public long chunksToUpstream() {
    return chunksToUpstream.get();
  }

  private void accept() {
    while (!closed) {
      try {
        Socket client = server.accept();
        Socket target = new Socket();
        try {
          target.connect(upstream, 10_000);
        } catch (IOException e) {
          client.close();
          continue;
        }
        client.setTcpNoDelay(true);
        target.setTcpNoDelay(true);
        open.add(client);
        open.add(target);
        connections.incrementAndGet();
        String name = "latency-proxy-" + port() + "-" + connections.get();
        pipe(client, target, name + "-up", chunksToUpstream);
        pipe(target, client, name + "-down", new AtomicLong());
      } catch (IOException e) {
        if (!closed) {
          System.out.println("latency proxy: accept failed: " + e.getMessage());
        }
      }
    }
  }

  /** One direction: a reader stamps each chunk, a writer releases it {@code latency} later. */
  private void pipe(Socket from, Socket to, String name, AtomicLong chunks) {
    BlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      byte[] buffer = new byte[CHUNK];
      try (InputStream in = from.getInputStream()) {
        int read;
        while ((read = in.read(buffer)) >= 0) {
          chunks.incrementAndGet();
          line.add(new Chunk(System.nanoTime() + latencyNanos, Arrays.copyOf(buffer, read)));
        }
      } catch (IOException e) {
        // the socket closed: end this direction
      }
      line.add(new Chunk(System.nanoTime() + latencyNanos, END));
    }, name + "-read");
    Thread writer = new Thread(() -> {
      try (OutputStream out = to.getOutputStream()) {
        while (true) {
          Chunk chunk = line.take();
          long wait;
          while ((wait = chunk.due() - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
          }
          if (chunk.bytes() == END) {
            break;
          }
          out.write(chunk.bytes());
          out.flush();
        }
      } catch (IOException | InterruptedException e) {
        // the other side closed or the proxy stops
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }, name + "-write");
    reader.setDaemon(true);
    writer.setDaemon(true);
    reader.start();
    writer.start();
  }

  private record Chunk(long due, byte[] bytes) {
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** Stops accepting and closes every connection; idempotent. */
  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    open.forEach(LatencyProxy::closeQuietly);
    open.clear();
  }
}
