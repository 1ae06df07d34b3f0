package dev.perfsuite.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jmeter.config.KeystoreConfig;
import org.apache.jmeter.protocol.http.control.AuthManager;
import org.apache.jmeter.protocol.http.control.DNSCacheManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jorphan.collections.HashTree;

/**
 * Puts the suite's sampler in place of JMeter's HTTP samplers in a built JMeter tree, properties
 * copied.
 *
 * <p>Where the suite's client does not do what an element asks, JMeter's client stays, and the
 * swap says why once per label.
 *
 * <p>Only JMeter's "HTTP Request" ({@code HTTPSamplerProxy}, what the DSL and a JMX create) is
 * swapped, and only for GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS. Kept on JMeter's
 * client: any other sampler class (AJP, access log...), any other method (WebDAV..., and a method
 * from a variable, known only at run time), embedded resources, a proxy (the sampler's or the
 * JVM's), a source address, an MD5-only response, an implementation named on the sampler
 * ({@code Java}), and every HTTP sampler of a plan holding a DNS Cache Manager, a Keystore
 * Configuration (client certificates) or an Authorization Manager with a mechanism other than
 * Basic. The tree is edited in place; a saved or converted JMX never sees it.
 */
public final class ClientSwap {
  private static final Set<String> METHODS =
      Set.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

  private ClientSwap() {
  }

  /**
   * What a swap did: how many samplers run on the suite's client, and the labels kept on JMeter's.
   *
   * <p>Each kept label comes with its reason ("POST upload: JMeter's client (proxy)").
   */
  public record Outcome(int swapped, List<String> kept) {
    public Outcome {
      kept = List.copyOf(kept);
    }
  }

  /** Replaces the HTTP samplers of {@code tree} that the suite's client can run. */
  public static Outcome apply(HashTree tree) {
    return apply(tree, 0);
  }

  /**
   * As {@link #apply(HashTree)}, the suite's samplers borrowing from one pool shared by all users.
   *
   * <p>The pool holds {@code sharedConnections} connections; with 0 each user keeps its own.
   * The size travels in the tree, so remote engines build the same pool.
   */
  public static Outcome apply(HashTree tree, int sharedConnections) {
    return apply(tree, sharedConnections, "1.1");
  }

  /**
   * As {@link #apply(HashTree, int)}, the suite's samplers speaking {@code httpVersion}.
   *
   * <p>It is {@code perf.http.version}'s value: {@code 1.1}, {@code 2} (h2c on {@code http://})
   * or {@code auto}; it travels in the tree, so remote engines speak it too.
   *
   * @throws IllegalArgumentException for any other version
   */
  public static Outcome apply(HashTree tree, int sharedConnections, String httpVersion) {
    Http2Streams.Version version = Http2Streams.Version.of(httpVersion);
    Optional<String> planReason = planReason(tree);
    Map<String, String> kept = new LinkedHashMap<>();
    int[] swapped = {0};
    swapUnder(tree, planReason, kept, swapped, sharedConnections, version);
    List<String> lines = new ArrayList<>();
    kept.forEach((label, reason) -> lines.add(label + ": JMeter's client (" + reason + ")"));
    return new Outcome(swapped[0], lines);
  }

  private static void swapUnder(HashTree tree, Optional<String> planReason,
      Map<String, String> kept, int[] swapped, int sharedConnections,
      Http2Streams.Version version) {
    for (Object key : new ArrayList<>(tree.list())) {
      HashTree subtree = tree.getTree(key);
      if (key instanceof HTTPSamplerBase sampler && !(key instanceof SuiteHttpSampler)) {
        Optional<String> reason = planReason.or(() -> samplerReason(sampler));
        if (reason.isPresent()) {
          kept.putIfAbsent(sampler.getName(), reason.get());
        } else {
          SuiteHttpSampler copy = copy(sampler);
          if (sharedConnections > 0) {
            copy.setProperty(SuiteHttpSampler.SHARED_CONNECTIONS, sharedConnections);
          }
          if (version != Http2Streams.Version.HTTP_1_1) {
            copy.setProperty(SuiteHttpSampler.HTTP_VERSION, version.key());
          }
          tree.replaceKey(key, copy);
          swapped[0]++;
        }
      }
      swapUnder(subtree, planReason, kept, swapped, sharedConnections, version);
    }
  }

  /** Why the sampler itself needs JMeter's client, if it does. */
  static Optional<String> samplerReason(HTTPSamplerBase sampler) {
    if (sampler.getClass() != HTTPSamplerProxy.class) {
      // AJP, access logs, GraphQL...: their own sample(), which the copy would lose.
      return Optional.of("sampler " + sampler.getClass().getSimpleName());
    }
    String method = sampler.getMethod();
    if (method != null && !method.isEmpty() && !METHODS.contains(method)) {
      // WebDAV and custom methods would lose their body on the suite's client.
      return Optional.of("method " + method);
    }
    String implementation = sampler.getImplementation();
    if (sampler.isImageParser()) {
      return Optional.of("embedded resources");
    }
    if (!sampler.getProxyHost().isEmpty() || System.getProperty("http.proxyHost") != null
        || System.getProperty("https.proxyHost") != null) {
      return Optional.of("proxy");
    }
    if (!sampler.getIpSource().isEmpty()) {
      return Optional.of("source address");
    }
    if (sampler.useMD5()) {
      return Optional.of("MD5 response");
    }
    if (implementation != null && !implementation.isBlank()
        && !"HttpClient4".equals(implementation)) {
      return Optional.of("implementation " + implementation);
    }
    return Optional.empty();
  }

  /** Why every HTTP sampler of the plan keeps JMeter's client, if a config element needs it. */
  private static Optional<String> planReason(HashTree tree) {
    TreeSet<String> reasons = new TreeSet<>();
    collect(tree, reasons);
    return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", reasons));
  }

  private static void collect(HashTree tree, TreeSet<String> reasons) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && element.isEnabled()) {
        if (key instanceof DNSCacheManager) {
          reasons.add("DNS Cache Manager");
        } else if (key instanceof KeystoreConfig) {
          reasons.add("client certificates");
        } else if (key instanceof AuthManager auth && !basicOnly(auth)) {
          reasons.add("authorization other than Basic");
        }
      }
      collect(tree.getTree(key), reasons);
    }
  }

  private static boolean basicOnly(AuthManager auth) {
    for (int i = 0; i < auth.getAuthCount(); i++) {
      if (auth.getAuthObjectAt(i).getMechanism() != AuthManager.Mechanism.BASIC) {
        return false;
      }
    }
    return true;
  }

  private static SuiteHttpSampler copy(HTTPSamplerBase sampler) {
    SuiteHttpSampler copy = new SuiteHttpSampler();
    PropertyIterator properties = sampler.propertyIterator();
    while (properties.hasNext()) {
      copy.setProperty(properties.next().clone());
    }
    copy.setProperty(TestElement.TEST_CLASS, SuiteHttpSampler.class.getName());
    return copy;
  }
}
