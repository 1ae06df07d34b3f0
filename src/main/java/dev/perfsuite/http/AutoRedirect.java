package dev.perfsuite.http;

import java.io.IOException;
import java.net.URL;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;

/**
 * The sampler's "redirect automatically" as HttpClient 4's default strategy does it, inside one
 * sample: 303 turns any method into GET; 301, 302, 307 and 308 are followed for GET and HEAD
 * only (a POST answered 302 ends there, as with HttpClient 4).
 */
final class AutoRedirect {
  private AutoRedirect() {
  }

  /** The request that follows {@code response}, or null when it is not a redirect to follow. */
  static OutgoingRequest next(HTTPSamplerBase sampler, OutgoingRequest request,
      WireResponse response) throws IOException {
    int status = response.status();
    String location = response.lastHeader("Location");
    if (location == null) {
      return null;
    }
    String method = request.method();
    boolean readOnly = "GET".equals(method) || "HEAD".equals(method);
    String nextMethod;
    if (status == 303) {
      nextMethod = "HEAD".equals(method) ? "HEAD" : "GET";
    } else if ((status == 301 || status == 302 || status == 307 || status == 308) && readOnly) {
      nextMethod = method;
    } else {
      return null;
    }
    URL target = new URL(request.url(), location);
    return OutgoingRequest.of(sampler, target, nextMethod, true);
  }
}
