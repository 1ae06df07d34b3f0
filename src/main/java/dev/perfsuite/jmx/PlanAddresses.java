package dev.perfsuite.jmx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.testelement.property.StringProperty;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jorphan.collections.HashTree;

/**
 * Rewrites a plan's fixed addresses into {@code ${__P()}} calls of the suite's services. A Java
 * scenario saved with {@code saveAsJmx} carries the port its run happened to get; rewritten, the
 * converted class runs against whatever the run's service lookup answers: {@code NAME.host},
 * {@code NAME.port} and {@code NAME.protocol} in HTTP samplers and defaults, {@code NAME.url} in
 * any other value that holds the address (a URL in a path, a header, a script parameter).
 *
 * <p>Services are named by {@code host:port=NAME} pairs ({@code -Djmx2java.services}); NAME is
 * one of the services the suite fills ({@code gateway}, {@code sunbird}, {@code portal},
 * {@code mosip}, {@code keycloak}) or any name the run sets with {@code perf.jmx.props.NAME.*}.
 */
final class PlanAddresses {
  private static final String DOMAIN = "HTTPSampler.domain";
  private static final String PORT = "HTTPSampler.port";
  private static final String PROTOCOL = "HTTPSampler.protocol";

  private final Map<String, String> services;
  private final Map<String, Integer> rewritten = new LinkedHashMap<>();

  private PlanAddresses(Map<String, String> services) {
    this.services = services;
  }

  /**
   * Parses {@code host:port=NAME[,host:port=NAME]}; an empty text names no service.
   *
   * @throws JmxException naming the pair and the form when one is malformed
   */
  static Map<String, String> parse(String text) {
    Map<String, String> services = new LinkedHashMap<>();
    for (String pair : text.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      String[] parts = pair.trim().split("=", 2);
      if (parts.length != 2 || !parts[0].matches("[^:=\\s]+:\\d+")
          || !parts[1].matches("[A-Za-z][A-Za-z0-9_-]*")) {
        throw new JmxException("jmx2java.services: '" + pair.trim() + "' is not host:port=NAME. "
            + "Fix: e.g. -Djmx2java.services=127.0.0.1:8080=gateway,127.0.0.1:8081=stubs");
      }
      services.put(parts[0].toLowerCase(Locale.ROOT), parts[1]);
    }
    return services;
  }

  /** Rewrites {@code tree} in place; returns one note per service rewritten. */
  static List<String> apply(HashTree tree, Map<String, String> services) {
    if (services.isEmpty()) {
      return List.of();
    }
    PlanAddresses addresses = new PlanAddresses(services);
    addresses.walk(tree);
    List<String> notes = new ArrayList<>();
    addresses.rewritten.forEach((address, count) -> notes.add(count + " value(s) with "
        + address + " now read ${__P(" + services.get(address) + ".host/.port/.protocol/.url)}, "
        + "filled by the run's service lookup (or -Dperf.jmx.props." + services.get(address)
        + ".*)"));
    return notes;
  }

  private void walk(HashTree tree) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element) {
        rewrite(element);
      }
      walk(tree.getTree(key));
    }
  }

  private void rewrite(TestElement element) {
    String domain = element.getPropertyAsString(DOMAIN).trim();
    String port = element.getPropertyAsString(PORT).trim();
    String service = services.get((domain + ":" + port).toLowerCase(Locale.ROOT));
    if (service != null) {
      count(domain + ":" + port);
      element.setProperty(DOMAIN, "${__P(" + service + ".host)}");
      element.setProperty(PORT, "${__P(" + service + ".port)}");
      String protocol = element.getPropertyAsString(PROTOCOL).trim();
      element.setProperty(PROTOCOL, "${__P(" + service + ".protocol," + (protocol.isEmpty()
          ? "http" : protocol) + ")}");
    }
    rewriteValues(element.propertyIterator());
  }

  private void rewriteValues(PropertyIterator properties) {
    while (properties.hasNext()) {
      JMeterProperty property = properties.next();
      if (property instanceof TestElementProperty nested) {
        rewrite(nested.getElement());
      } else if (property instanceof MultiProperty multi) {
        rewriteValues(multi.iterator());
      } else if (property instanceof StringProperty string) {
        String value = string.getStringValue();
        String replaced = urls(value);
        if (!replaced.equals(value)) {
          string.setObjectValue(replaced);
        }
      }
    }
  }

  /** {@code http(s)://host:port} followed by a path, a query or the end, as the service URL. */
  private String urls(String value) {
    String result = value;
    for (Map.Entry<String, String> service : services.entrySet()) {
      for (String scheme : List.of("http://", "https://")) {
        String origin = scheme + service.getKey();
        int at = indexOfOrigin(result, origin);
        while (at >= 0) {
          count(service.getKey());
          result = result.substring(0, at) + "${__P(" + service.getValue() + ".url)}"
              + result.substring(at + origin.length());
          at = indexOfOrigin(result, origin);
        }
      }
    }
    return result;
  }

  private static int indexOfOrigin(String text, String origin) {
    int at = text.toLowerCase(Locale.ROOT).indexOf(origin);
    while (at >= 0) {
      int end = at + origin.length();
      if (end == text.length() || "/?#\"'".indexOf(text.charAt(end)) >= 0) {
        return at;
      }
      at = text.toLowerCase(Locale.ROOT).indexOf(origin, end);
    }
    return -1;
  }

  private void count(String address) {
    rewritten.merge(address.toLowerCase(Locale.ROOT), 1, Integer::sum);
  }
}
