package dev.perfsuite.jmx;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A loopback front of the echo backend that keeps each request it passes on (method, URI after
 * substitution, body): what a sampler sent, seen from the server's side. The echo backend itself
 * keeps nothing.
 */
final class RecordingProxy implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService workers = Executors.newFixedThreadPool(4);
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
      .build();
  private final URI echo;
  private final List<String> requests = new ArrayList<>();

  private RecordingProxy(URI echo) throws IOException {
    this.echo = echo;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::pass);
    server.setExecutor(workers);
    server.start();
  }

  /** A proxy on an ephemeral loopback port passing requests on to {@code echo}. */
  static RecordingProxy to(URI echo) throws IOException {
    return new RecordingProxy(echo);
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** Each request so far as {@code METHOD URI} plus {@code  body} when it had one. */
  synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  private void pass(HttpExchange exchange) throws IOException {
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readAllBytes();
    }
    String line = exchange.getRequestMethod() + " " + exchange.getRequestURI()
        + (body.length == 0 ? "" : " " + new String(body, StandardCharsets.UTF_8));
    synchronized (this) {
      requests.add(line);
    }
    HttpRequest.Builder forward = HttpRequest.newBuilder(echo.resolve(
        exchange.getRequestURI().toString())).timeout(Duration.ofSeconds(5))
        .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
    String type = exchange.getRequestHeaders().getFirst("Content-Type");
    if (type != null) {
      forward.header("Content-Type", type);
    }
    int status;
    byte[] answer;
    String answerType;
    try {
      HttpResponse<byte[]> response = client.send(forward.build(),
          HttpResponse.BodyHandlers.ofByteArray());
      status = response.statusCode();
      answer = response.body();
      answerType = response.headers().firstValue("Content-Type").orElse(null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted passing on " + line, e);
    }
    if (answerType != null) {
      exchange.getResponseHeaders().set("Content-Type", answerType);
    }
    exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(answer);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }
}
