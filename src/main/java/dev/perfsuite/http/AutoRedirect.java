package dev.perfsuite.http;

import java.io.IOException;
import java.net.URL;
import java.util.HashSet;
import java.util.Set;
import org.apache.http.client.CircularRedirectException;
import org.apache.http.client.ClientProtocolException;
import org.apache.http.client.RedirectException;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;

/**
 * The sampler's "redirect automatically" inside one sample, as JMeter's HttpClient 4 does it.
 *
 * <p>Its lax strategy: GET, HEAD, POST and DELETE follow 301, 302, 307 and 308, any method follows
 * 303; a GET stays GET and a HEAD stays HEAD, 307 and 308 send the method and body again, any
 * other becomes a GET without body. Beyond {@code httpsampler.max_redirects} hops, or back to a
 * URL already redirected to, the sample fails with HttpClient 4's exception.
 */
final class AutoRedirect {
  private final int limit;
  /** Made on the first redirect followed: most samples follow none. */
  private Set<String> visited;
  private int hops;

  private AutoRedirect(int limit) {
    this.limit = limit;
  }

  /** The redirects of one sample, at most {@code limit} of them. */
  static AutoRedirect upTo(int limit) {
    return new AutoRedirect(limit);
  }

  /**
   * The request that follows {@code response}, or null when it is not a redirect to follow.
   *
   * @throws ClientProtocolException beyond the limit or on a circular redirect, as HttpClient 4
   */
  OutgoingRequest next(HTTPSamplerBase sampler, OutgoingRequest request, WireResponse response)
      throws IOException {
    String method = request.method();
    if (!followed(response.status(), method)) {
      return null;
    }
    String location = response.lastHeader("Location");
    if (location == null) {
      return null;
    }
    if (hops++ >= limit) {
      throw new ClientProtocolException(
          new RedirectException("Maximum redirects (" + limit + ") exceeded"));
    }
    URL target = new URL(request.url(), location);
    if (visited == null) {
      visited = new HashSet<>();
    }
    if (!visited.add(target.toString())) {
      throw new ClientProtocolException(
          new CircularRedirectException("Circular redirect to '" + target + "'"));
    }
    return OutgoingRequest.of(sampler, target, nextMethod(response.status(), method), true);
  }

  private static boolean followed(int status, String method) {
    boolean redirectable = switch (method) {
      case "GET", "HEAD", "POST", "DELETE" -> true;
      default -> false;
    };
    return switch (status) {
      case 301, 302, 307, 308 -> redirectable;
      case 303 -> true;
      default -> false;
    };
  }

  private static String nextMethod(int status, String method) {
    if ("HEAD".equals(method) || "GET".equals(method)) {
      return method;
    }
    return status == 307 || status == 308 ? method : "GET";
  }
}
