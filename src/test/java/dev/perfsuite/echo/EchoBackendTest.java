package dev.perfsuite.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EchoBackendTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private static EchoBackend echo;
  private static HttpClient client;

  @BeforeAll
  static void startBackend() {
    echo = EchoBackend.start(loopback());
    client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
        .build();
  }

  @AfterAll
  static void stopBackend() {
    echo.close();
  }

  private static EchoOptions loopback() {
    return EchoOptions.defaults().withHost("127.0.0.1").withPort(0).withWorkerThreads(2);
  }

  @Test
  void shouldEchoBodyAndContentTypeExactly() throws Exception {
    byte[] body = new byte[100 * 1024];
    new Random(42).nextBytes(body);

    HttpResponse<byte[]> response = client.send(
        HttpRequest.newBuilder(echo.uri().resolve("/any/path?x=1"))
            .header("Content-Type", "application/octet-stream; charset=x-test")
            .POST(BodyPublishers.ofByteArray(body))
            .timeout(TIMEOUT)
            .build(),
        BodyHandlers.ofByteArray());

    assertThat(response.statusCode()).as("status").isEqualTo(200);
    assertThat(response.body()).as("echoed 100 KiB body").isEqualTo(body);
    assertThat(response.headers().firstValue("Content-Type")).as("Content-Type")
        .hasValue("application/octet-stream; charset=x-test");
    assertThat(response.headers().firstValueAsLong("Content-Length")).as("Content-Length")
        .hasValue(body.length);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "GET, /",
      "PUT, /orders/42",
      "DELETE, /a/b/c?q=1",
      "PATCH, /patch",
      "OPTIONS, /",
      "PURGE, /cache/item"
  })
  void shouldAnswer200ToAnyMethodAndPath(String method, String path) throws Exception {
    String body = "GET".equals(method) ? "" : method + " body";

    HttpResponse<String> response = client.send(
        HttpRequest.newBuilder(echo.uri().resolve(path))
            .method(method, BodyPublishers.ofString(body))
            .timeout(TIMEOUT)
            .build(),
        BodyHandlers.ofString());

    assertThat(response.statusCode()).as("status of %s %s", method, path).isEqualTo(200);
    assertThat(response.body()).as("body of %s %s", method, path).isEqualTo(body);
  }

  @Test
  void shouldOmitContentTypeWhenRequestHasNone() throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(echo.uri())) {
      RawHttpConnection.Response response = connection.exchange("POST /plain HTTP/1.1", "no type");

      assertThat(response.status()).as("status").isEqualTo(200);
      assertThat(response.body()).as("body").isEqualTo("no type");
      assertThat(response.headers()).as("headers").doesNotContainKey("content-type");
    }
  }

  @Test
  void shouldKeepConnectionOpenWhenHttp11RequestsKeepAlive() throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(echo.uri())) {
      RawHttpConnection.Response first = connection.exchange("POST /first HTTP/1.1", "one");
      RawHttpConnection.Response second = connection.exchange("POST /second HTTP/1.1", "two");

      assertThat(List.of(first.body(), second.body())).as("both bodies on one connection")
          .containsExactly("one", "two");
      assertThat(second.headers()).as("second response headers").containsEntry("connection",
          "keep-alive");
      connection.shortenReadTimeout(300);
      assertThat(connection.isClosedByServer()).as("connection closed after a keep-alive exchange")
          .isFalse();
    }
  }

  @Test
  void shouldKeepConnectionOpenWhenHttp10AsksForKeepAlive() throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(echo.uri())) {
      RawHttpConnection.Response first = connection.exchange("POST / HTTP/1.0", "a",
          "Connection: keep-alive");
      RawHttpConnection.Response second = connection.exchange("POST / HTTP/1.0", "b",
          "Connection: keep-alive");

      assertThat(List.of(first.body(), second.body())).as("both bodies on one HTTP/1.0 connection")
          .containsExactly("a", "b");
      assertThat(second.headers()).as("second response headers").containsEntry("connection",
          "keep-alive");
    }
  }

  @Test
  void shouldCloseConnectionWhenRequestSaysConnectionClose() throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(echo.uri())) {
      RawHttpConnection.Response response = connection.exchange("POST / HTTP/1.1", "bye",
          "Connection: close");

      assertThat(response.body()).as("body").isEqualTo("bye");
      assertThat(response.headers()).as("headers").containsEntry("connection", "close");
      assertThat(connection.isClosedByServer()).as("closed by server after Connection: close")
          .isTrue();
    }
  }

  @Test
  void shouldCloseConnectionWhenHttp10RequestHasNoKeepAlive() throws Exception {
    try (RawHttpConnection connection = new RawHttpConnection(echo.uri())) {
      RawHttpConnection.Response response = connection.exchange("POST / HTTP/1.0", "old");

      assertThat(response.body()).as("body").isEqualTo("old");
      assertThat(connection.isClosedByServer()).as("closed by server after plain HTTP/1.0")
          .isTrue();
    }
  }

  @Test
  void shouldAnswer413WhenBodyExceedsMaxContentLength() throws Exception {
    try (EchoBackend small = EchoBackend.start(loopback().withMaxContentLength(1024))) {
      HttpResponse<String> atLimit = post(small.uri(), "x".repeat(1024));
      HttpResponse<String> overLimit = post(small.uri(), "x".repeat(4096));

      assertThat(atLimit.statusCode()).as("status at the limit").isEqualTo(200);
      assertThat(overLimit.statusCode()).as("status over the limit").isEqualTo(413);
    }
  }

  @Test
  void shouldDelayEachResponseWithoutBlockingTheEventLoop() throws Exception {
    Duration delay = Duration.ofMillis(200);
    int requests = 20;
    // One worker thread: a blocking sleep would serialise the 20 responses into 4 s.
    try (EchoBackend slow = EchoBackend.start(loopback().withWorkerThreads(1).withDelay(delay))) {
      post(slow.uri(), "warm-up");

      long start = System.nanoTime();
      List<CompletableFuture<Duration>> timings = IntStream.range(0, requests)
          .mapToObj(i -> timedPost(slow.uri(), "request " + i))
          .toList();
      List<Duration> latencies = timings.stream().map(CompletableFuture::join).toList();
      Duration wall = Duration.ofNanos(System.nanoTime() - start);

      assertThat(latencies).as("each response waits for the delay").allSatisfy(latency ->
          assertThat(latency).isGreaterThanOrEqualTo(delay));
      assertThat(wall).as("wall time of %d concurrent delayed requests", requests)
          .isLessThan(delay.multipliedBy(requests).dividedBy(2));
    }
  }

  @Test
  void shouldReportEphemeralPortInUri() {
    assertThat(echo.port()).as("bound port").isPositive();
    assertThat(echo.uri()).as("uri").isEqualTo(URI.create("http://127.0.0.1:" + echo.port() + "/"));
  }

  @Test
  void shouldFailToStartWhenPortIsTaken() {
    EchoOptions taken = loopback().withPort(echo.port());

    assertThatThrownBy(() -> EchoBackend.start(taken).close())
        .as("second bind on port %d", echo.port())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(String.valueOf(echo.port()));
  }

  @Test
  void shouldRefuseConnectionsWhenClosed() throws Exception {
    EchoBackend closing = EchoBackend.start(loopback());
    URI uri = closing.uri();
    closing.close();
    closing.close();

    assertThatThrownBy(() -> post(uri, "late"))
        .as("request after close")
        .isInstanceOf(IOException.class);
  }

  private static HttpResponse<String> post(URI uri, String body)
      throws IOException, InterruptedException {
    return client.send(
        HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString(body)).timeout(TIMEOUT).build(),
        BodyHandlers.ofString());
  }

  private static CompletableFuture<Duration> timedPost(URI uri, String body) {
    long start = System.nanoTime();
    return client.sendAsync(
            HttpRequest.newBuilder(uri).POST(BodyPublishers.ofString(body)).timeout(TIMEOUT)
                .build(),
            BodyHandlers.ofString())
        .thenApply(response -> {
          assertThat(response.body()).as("delayed echo").isEqualTo(body);
          return Duration.ofNanos(System.nanoTime() - start);
        });
  }
}
