package dev.perfsuite.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Where load goes: {@code local} (backends the suite starts itself) or a named environment whose
 * service URLs come from {@code targets/NAME.properties} on the test classpath.
 *
 * @param name {@code local} or the target file's name
 * @param services base URL per service, from keys {@code <service>.url}; empty for local
 * @param properties every other key of the target file (realm, client ids, data paths); never
 *     secrets, which come from the environment
 */
public record Target(String name, Map<String, URI> services, Map<String, String> properties) {

  /** The name of the target whose backends the suite starts. */
  public static final String LOCAL = "local";

  public Target {
    services = Map.copyOf(services);
    properties = Map.copyOf(properties);
  }

  /** A property of the target file, or {@code fallback} when absent (always absent for local). */
  public String property(String key, String fallback) {
    return properties.getOrDefault(key, fallback);
  }

  /** True when the suite starts the backends itself. */
  public boolean isLocal() {
    return LOCAL.equals(name);
  }

  /** The base URL of a service of a named target, if the target file defines it. */
  public Optional<URI> service(String service) {
    return Optional.ofNullable(services.get(service));
  }

  static Target load(Setting setting) {
    if (LOCAL.equals(setting.value())) {
      return new Target(LOCAL, Map.of(), Map.of());
    }
    String resource = "targets/" + setting.value() + ".properties";
    Properties file = new Properties();
    try (InputStream in = Thread.currentThread().getContextClassLoader()
        .getResourceAsStream(resource)) {
      if (in == null) {
        throw ConfigException.invalid(setting,
            "local, or a name with a file src/test/resources/" + resource);
      }
      file.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
    Map<String, URI> services = new TreeMap<>();
    Map<String, String> properties = new TreeMap<>();
    for (String key : file.stringPropertyNames()) {
      String value = file.getProperty(key).trim();
      if (key.endsWith(".url")) {
        services.put(key.substring(0, key.length() - 4), url(resource, key, value));
      } else {
        properties.put(key, value);
      }
    }
    return new Target(setting.value(), services, properties);
  }

  private static URI url(String resource, String key, String value) {
    try {
      URI uri = new URI(value);
      if (uri.getHost() == null || !("http".equals(uri.getScheme())
          || "https".equals(uri.getScheme()))) {
        throw new URISyntaxException(value, "needs http:// or https:// and a host");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new ConfigException(String.format("Invalid URL '%s' for %s in %s: %s. "
          + "Accepted: an absolute http(s) URL such as http://127.0.0.1:8688/echo", value, key,
          resource, e.getReason()));
    }
  }
}
