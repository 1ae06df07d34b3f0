package dev.perfsuite.backends.stubs;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Requests to an API stub as the scenarios send them: HTTP/1.1, no redirects followed, and a
 * server error reported with the stub's log tail.
 */
public final class StubRequests {
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .followRedirects(HttpClient.Redirect.NEVER)
      .build();

  private StubRequests() {
  }

  /** A GET of {@code path} on {@code stubs}. */
  public static HttpRequest.Builder get(StubServer stubs, String path) {
    return HttpRequest.newBuilder(stubs.endpoint().uri(path)).GET();
  }

  /** A JSON POST of {@code json} to {@code path}, with the scenarios' unresolved bearer. */
  public static HttpRequest.Builder post(StubServer stubs, String path, String json) {
    return HttpRequest.newBuilder(stubs.endpoint().uri(path))
        .header("Content-Type", "application/json")
        .header("Authorization", "Bearer ${bearer}")
        .POST(HttpRequest.BodyPublishers.ofString(json));
  }

  /** Sends {@code request}; a 5xx fails with the body and the stub's log tail. */
  public static HttpResponse<String> send(StubServer stubs, HttpRequest.Builder request)
      throws IOException, InterruptedException {
    HttpResponse<String> response = HTTP.send(request.build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    if (response.statusCode() >= 500) {
      throw new AssertionError(response.statusCode() + " from " + request.build().uri() + ": "
          + response.body() + "\nlog tail:\n" + stubs.logTail());
    }
    return response;
  }
}
