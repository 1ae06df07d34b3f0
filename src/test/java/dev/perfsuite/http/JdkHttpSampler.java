package dev.perfsuite.http;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Bench-only candidate: the JDK's {@code java.net.http} client, one instance (one selector
 * thread, one connection pool) shared by every user, so users share connections, unlike
 * JMeter's per-user ones.
 */
public class JdkHttpSampler extends CandidateSampler {
  private static final long serialVersionUID = 1L;
  private static final HttpClient CLIENT = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(5)).build();

  @Override
  Answer exchange(URL url, String method) throws IOException, InterruptedException {
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(url.toURI())
          .method(method, HttpRequest.BodyPublishers.noBody()).build();
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
    HttpResponse<byte[]> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
    StringBuilder headers = new StringBuilder();
    response.headers().map().forEach((name, values) -> values.forEach(v -> headers.append(name)
        .append(": ").append(v).append('\n')));
    return new Answer(response.statusCode(), headers.toString(), response.body());
  }
}
