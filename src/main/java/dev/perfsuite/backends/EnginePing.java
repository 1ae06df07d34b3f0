package dev.perfsuite.backends;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks a Docker engine's {@code GET /_ping} with the JDK alone. It tells "no engine answers" from
 * "Testcontainers' client is broken" when the client itself failed (so it cannot be the judge).
 */
final class EnginePing {
  private static final String DEFAULT = "unix:///var/run/docker.sock";

  private EnginePing() {
  }

  /** Where the client looks first: {@code DOCKER_HOST}, else the default socket. */
  static String address() {
    String host = System.getenv("DOCKER_HOST");
    return host == null || host.isBlank() ? DEFAULT : host;
  }

  /**
   * True when {@code address} ({@code unix://PATH} or {@code tcp://HOST:PORT}) answers
   * {@code /_ping} with HTTP 200 within {@code timeout}; a TLS endpoint counts when it accepts the
   * connection. Never throws.
   */
  static boolean answers(String address, Duration timeout) {
    // Its own daemon thread: a blocking read that never returns must not hold a pool's thread.
    CompletableFuture<Boolean> ping = CompletableFuture.supplyAsync(() -> ping(address, timeout),
        task -> {
          Thread thread = new Thread(task, "docker-ping");
          thread.setDaemon(true);
          thread.start();
        });
    try {
      return ping.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException e) {
      ping.cancel(true);
      return false;
    }
  }

  private static boolean ping(String address, Duration timeout) {
    try {
      URI uri = URI.create(address);
      if ("unix".equals(uri.getScheme())) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
          channel.connect(UnixDomainSocketAddress.of(uri.getPath()));
          channel.write(ByteBuffer.wrap(request()));
          ByteBuffer buffer = ByteBuffer.allocate(64);
          while (buffer.hasRemaining() && channel.read(buffer) > 0) {
            // Only the status line matters.
          }
          return ok(new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII));
        }
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()),
            (int) timeout.toMillis());
        if (System.getenv("DOCKER_TLS_VERIFY") != null) {
          return true;
        }
        socket.setSoTimeout((int) timeout.toMillis());
        socket.getOutputStream().write(request());
        byte[] head = socket.getInputStream().readNBytes(64);
        return ok(new String(head, StandardCharsets.US_ASCII));
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static byte[] request() {
    return "GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  }

  static boolean ok(String response) {
    return response.startsWith("HTTP/1.") && response.length() > 12
        && response.substring(9, 12).equals("200");
  }
}
