package dev.perfsuite.http;

import java.net.URISyntaxException;
import java.net.URL;
import java.util.Objects;

/**
 * Whether a sampler's URL is also a URI, as HttpClient 4 needs it to be before it sends
 * ({@code URISyntaxException} otherwise). The check parses the whole URL again, so each user's
 * sampler remembers the last URL that passed (as a rule the same on every iteration) and parses
 * only another; a URL's text is made of exactly the parts compared, so the answer is the same.
 */
final class UriSyntax {
  private volatile Passed passed;

  /** The parts of the last URL that parsed as a URI, held in one field so a reader sees all. */
  private record Passed(String protocol, String authority, String file, String ref) {
    boolean sameAs(URL url) {
      return Objects.equals(file, url.getFile()) && Objects.equals(authority, url.getAuthority())
          && Objects.equals(protocol, url.getProtocol()) && Objects.equals(ref, url.getRef());
    }
  }

  /**
   * Fails as HttpClient 4 fails a URL that is no URI (a raw "{" in the path).
   *
   * @throws URISyntaxException what {@link URL#toURI()} throws
   */
  void check(URL url) throws URISyntaxException {
    Passed last = passed;
    if (last != null && last.sameAs(url)) {
      return;
    }
    url.toURI();
    passed = new Passed(url.getProtocol(), url.getAuthority(), url.getFile(), url.getRef());
  }
}
