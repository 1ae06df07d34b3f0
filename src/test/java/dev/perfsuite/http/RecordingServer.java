package dev.perfsuite.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.SSLContext;

/**
 * A loopback HTTP server that records every request as it arrived (method, path and query,
 * headers, body bytes, the client's port, which tells connections apart) and answers by path:
 * {@code /echo} 200 text, {@code /login} sets a cookie, {@code /gzip} and {@code /deflate}
 * compressed bodies, {@code /cacheable} and {@code /etag} cache headers,
 * {@code /redirect} 302 to {@code /echo}, {@code /redirect307} 307 to {@code /echo},
 * {@code /hop} 302 to the next hop without end, {@code /circle} 302 to itself,
 * {@code /fail} 500, {@code /slow} after 1.5 s.
 */
final class RecordingServer implements AutoCloseable {
  /** One request as the server read it; header names lower-cased. */
  record Recorded(String method, String target, Map<String, List<String>> headers, byte[] body,
      int clientPort) {
    String bodyText() {
      return new String(body, StandardCharsets.ISO_8859_1);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private final ConcurrentLinkedQueue<Recorded> requests = new ConcurrentLinkedQueue<>();

  RecordingServer() throws IOException {
    this(null);
  }

  /** Serves HTTPS with {@code tls} when it is not null. */
  RecordingServer(SSLContext tls) throws IOException {
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    if (tls == null) {
      server = HttpServer.create(loopback, 50);
    } else {
      HttpsServer secure = HttpsServer.create(loopback, 50);
      secure.setHttpsConfigurator(new HttpsConfigurator(tls));
      server = secure;
    }
    server.createContext("/", this::answer);
    server.setExecutor(executor);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** The requests recorded since the last call, in arrival order. */
  List<Recorded> take() {
    List<Recorded> taken = List.copyOf(requests);
    requests.clear();
    return taken;
  }

  private void answer(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    Map<String, List<String>> headers = new TreeMap<>();
    exchange.getRequestHeaders().forEach((name, values) ->
        headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
    requests.add(new Recorded(exchange.getRequestMethod(),
        exchange.getRequestURI().getRawPath() + (exchange.getRequestURI().getRawQuery() == null
            ? "" : "?" + exchange.getRequestURI().getRawQuery()),
        headers, body, exchange.getRemoteAddress().getPort()));
    String path = exchange.getRequestURI().getPath();
    switch (path) {
      case "/login" -> {
        exchange.getResponseHeaders().add("Set-Cookie", "session=abc123; Path=/");
        send(exchange, 200, "text/plain; charset=UTF-8",
            "welcome".getBytes(StandardCharsets.UTF_8));
      }
      case "/gzip" -> {
        exchange.getResponseHeaders().add("Content-Encoding", "gzip");
        send(exchange, 200, "application/json", gzip("{\"compressed\": \"" + "x".repeat(400)
            + "\"}"));
      }
      case "/cacheable" -> {
        exchange.getResponseHeaders().add("Cache-Control", "max-age=60");
        send(exchange, 200, "text/plain", "cache me".getBytes(StandardCharsets.UTF_8));
      }
      case "/etag" -> {
        exchange.getResponseHeaders().add("Cache-Control", "no-cache");
        exchange.getResponseHeaders().add("ETag", "\"v1\"");
        send(exchange, 200, "text/plain", "tagged".getBytes(StandardCharsets.UTF_8));
      }
      case "/deflate" -> {
        exchange.getResponseHeaders().add("Content-Encoding", "deflate");
        send(exchange, 200, "text/plain", deflate("deflated " + "y".repeat(300)));
      }
      case "/redirect" -> {
        exchange.getResponseHeaders().add("Location", "/echo?from=redirect");
        send(exchange, 302, null, new byte[0]);
      }
      case "/redirect307" -> {
        exchange.getResponseHeaders().add("Location", "/echo?from=307");
        send(exchange, 307, null, new byte[0]);
      }
      case "/hop" -> {
        // Endless, each hop to a new URL: only a redirect limit ends it.
        String query = exchange.getRequestURI().getRawQuery();
        int hop = query == null ? 0 : Integer.parseInt(query.substring("n=".length()));
        exchange.getResponseHeaders().add("Location", "/hop?n=" + (hop + 1));
        send(exchange, 302, null, new byte[0]);
      }
      case "/circle" -> {
        exchange.getResponseHeaders().add("Location", "/circle");
        send(exchange, 302, null, new byte[0]);
      }
      case "/fail" -> send(exchange, 500, "text/plain", "boom".getBytes(StandardCharsets.UTF_8));
      case "/slow" -> {
        sleep();
        send(exchange, 200, "text/plain", "late".getBytes(StandardCharsets.UTF_8));
      }
      default -> send(exchange, 200, "text/plain; charset=UTF-8",
          ("hello " + exchange.getRequestMethod()).getBytes(StandardCharsets.UTF_8));
    }
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    if (type != null) {
      exchange.getResponseHeaders().add("Content-Type", type);
    }
    boolean head = "HEAD".equals(exchange.getRequestMethod());
    exchange.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
    if (!head && body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
    exchange.close();
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static byte[] deflate(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DeflaterOutputStream out = new DeflaterOutputStream(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static void sleep() {
    try {
      Thread.sleep(1500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
