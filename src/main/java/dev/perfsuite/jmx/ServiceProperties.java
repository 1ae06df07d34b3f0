package dev.perfsuite.jmx;

import dev.perfsuite.backends.Services;
import dev.perfsuite.junit.PerfSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code ${__P()}} values for the services a run knows, so plans need no key. A plan written
 * against {@code ${__P(gateway.host)}} runs against the local echo backend (or the named target's
 * {@code gateway.url}): {@code NAME.url}, {@code NAME.protocol}, {@code NAME.host} and
 * {@code NAME.port} are set for every service the {@link Services} registry knows (the generic
 * backends and the names the scenarios on the classpath declare).
 *
 * <p>Only services the plan mentions are asked for, so no other backend starts; explicit
 * {@code perf.jmx.props.*} keys win.
 */
final class ServiceProperties {
  private ServiceProperties() {
  }

  static Map<String, String> of(Path jmx, PerfSession perf, Map<String, String> explicit) {
    String text;
    try {
      text = Files.readString(jmx);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jmx, e);
    }
    Map<String, String> values = new HashMap<>();
    for (String service : Services.discovered().names()) {
      if (!text.contains("__P(" + service + ".")) {
        continue;
      }
      URI uri = perf.service(service);
      int port = uri.getPort() > 0 ? uri.getPort()
          : "https".equals(uri.getScheme()) ? 443 : 80;
      values.put(service + ".url", uri.toString().replaceAll("/+$", ""));
      values.put(service + ".protocol", uri.getScheme());
      values.put(service + ".host", uri.getHost());
      values.put(service + ".port", Integer.toString(port));
    }
    values.putAll(explicit);
    return values;
  }
}
