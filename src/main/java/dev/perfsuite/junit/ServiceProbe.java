package dev.perfsuite.junit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Checks a service URL before any load is sent to it: a TCP connect, then one HTTP request. Any
 * HTTP answer (even 401 or 404) counts as alive; a refused or timed-out connect, a TLS failure or
 * no answer fails naming the key, the URL and the cause, so a dead target costs seconds instead
 * of a whole profile of refused connections.
 */
final class ServiceProbe {
  private final Duration connectTimeout;
  private final Duration responseTimeout;

  ServiceProbe(Duration connectTimeout, Duration responseTimeout) {
    this.connectTimeout = connectTimeout;
    this.responseTimeout = responseTimeout;
  }

  /**
   * Probes {@code url}; {@code key} and {@code where} name the setting that gave it, e.g.
   * {@code gateway.url} and {@code src/test/resources/targets/staging.properties}.
   *
   * @return the HTTP status the service answered with
   * @throws IllegalStateException naming the key, the URL and why it does not answer
   */
  int probe(String key, String where, URI url) {
    String host = url.getHost();
    int port = url.getPort() != -1 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
    } catch (IOException e) {
      throw unreachable(key, where, url, "connect to " + host + ":" + port + " failed", e);
    }
    HttpClient client = HttpClient.newBuilder().connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER).build();
    HttpRequest request = HttpRequest.newBuilder(url).timeout(responseTimeout)
        .header("User-Agent", "perf-suite-probe").GET().build();
    try {
      return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      throw unreachable(key, where, url, "connected, but the request got no HTTP answer", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unreachable(key, where, url, "interrupted while probing", e);
    }
  }

  private static IllegalStateException unreachable(String key, String where, URI url,
      String what, Exception cause) {
    return new IllegalStateException(String.format("Service unreachable before load: "
        + "%s=%s (%s): %s: %s. No load was sent. Fix: start the service, or correct %s in %s",
        key, url, where, what, cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : " " + cause.getMessage()), key, where), cause);
  }
}
