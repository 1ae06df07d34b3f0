package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.EngineAddress;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engines of a run, resolved from {@code perf.remotes} at the start of every run. Each entry is
 * a fixed {@code host:port} or {@code dns:NAME:PORT}, resolved to every address NAME has (a
 * Kubernetes headless Service answers one per ready pod).
 *
 * <p>With {@code perf.remotes.expected=N} the run waits up to {@code perf.remotes.wait} until N
 * engines resolve and accept a connection, and fails naming how many answered and which
 * addresses did not. Addresses are sorted (by their bytes), so the same engines get the same
 * places, and so the same arrival seeds, run after run.
 *
 * <p>Trap: the JVM caches name lookups (30 s by default); a controller waiting for pods to become
 * ready should run with {@code -Dsun.net.inetaddr.ttl=1} (the controller entry point sets it).
 */
public final class EngineDiscovery {
  private static final Logger LOG = LoggerFactory.getLogger(EngineDiscovery.class);
  /** Prefix of an entry resolved by name. */
  public static final String DNS = "dns:";
  private static final Duration PROBE = Duration.ofSeconds(1);
  private static final Duration POLL = Duration.ofSeconds(1);

  /** Every address of a name; the JDK's resolver, or a test's. */
  @FunctionalInterface
  interface Resolver {
    InetAddress[] addresses(String name) throws UnknownHostException;
  }

  private final List<String> entries;
  private final int expected;
  private final Duration wait;
  private final Resolver resolver;

  EngineDiscovery(List<String> entries, int expected, Duration wait, Resolver resolver) {
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("a distributed engine needs at least one remote engine "
          + "(perf.remotes)");
    }
    this.entries = List.copyOf(entries);
    this.expected = expected;
    this.wait = wait;
    this.resolver = resolver;
  }

  /**
   * The engines of {@code entries} ({@code perf.remotes}), waiting for {@code expected} of them
   * (0: as many as answer at the start) up to {@code wait}.
   */
  public static EngineDiscovery of(List<String> entries, int expected, Duration wait) {
    return new EngineDiscovery(entries, expected, wait, InetAddress::getAllByName);
  }

  /** Exactly these {@code host:port} engines, no waiting (tests, fixed lists). */
  public static EngineDiscovery fixed(List<String> engines) {
    return new EngineDiscovery(engines, 0, Duration.ZERO, InetAddress::getAllByName);
  }

  /** True when no entry needs a name resolved, so the engines are known before any run. */
  boolean isFixed() {
    return entries.stream().noneMatch(e -> e.startsWith(DNS)) && expected == 0;
  }

  /** The entries as given, for messages before the first run. */
  List<String> entries() {
    return entries;
  }

  /**
   * The engines for a run starting now, {@code host:port} each.
   *
   * @throws IllegalStateException naming how many answered, which did not, and the fix, when
   *     fewer than the expected engines answered within the wait (or a name resolves to nothing)
   */
  List<String> resolve() {
    if (isFixed()) {
      return entries;
    }
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      Map<String, String> problems = new LinkedHashMap<>();
      List<String> found = addresses(problems);
      Map<String, String> silent = expected == 0 ? Map.of()
          : EngineReachability.unreachable(found, PROBE);
      List<String> answered = found.stream().filter(e -> !silent.containsKey(e)).toList();
      boolean enough = expected == 0 ? !found.isEmpty() : answered.size() >= expected;
      if (enough) {
        LOG.info("Engines of {}: {}", entries, answered);
        return answered;
      }
      if (System.nanoTime() >= deadline) {
        problems.putAll(silent);
        throw new IllegalStateException(shortfall(answered, problems));
      }
      RemoteRun.sleep(POLL);
    }
  }

  /** Every address the entries name now; names that resolve to nothing go to {@code problems}. */
  private List<String> addresses(Map<String, String> problems) {
    Set<String> engines = new LinkedHashSet<>();
    for (String entry : entries) {
      if (!entry.startsWith(DNS)) {
        engines.add(entry);
        continue;
      }
      EngineAddress named = EngineAddress.parse(entry.substring(DNS.length()));
      try {
        Arrays.stream(resolver.addresses(named.host()))
            .sorted(EngineDiscovery::compare)
            .map(a -> new EngineAddress(a.getHostAddress(), named.port()).toString())
            .forEach(engines::add);
      } catch (UnknownHostException e) {
        problems.put(entry, "the name does not resolve: " + e.getMessage());
      }
    }
    return new ArrayList<>(engines);
  }

  private static int compare(InetAddress a, InetAddress b) {
    return Arrays.compareUnsigned(a.getAddress(), b.getAddress());
  }

  private String shortfall(List<String> answered, Map<String, String> problems) {
    String wanted = expected == 0 ? "at least one engine" : expected + " engines";
    return "perf.remotes=" + String.join(",", entries) + ": " + answered.size() + " of "
        + wanted + " answered within perf.remotes.wait=" + wait.toSeconds() + "s"
        + (answered.isEmpty() ? "" : "; answered: " + String.join(", ", answered))
        + (problems.isEmpty() ? "; no other address resolved"
            : "; did not answer: " + EngineReachability.describe(problems))
        + ". Fix: start the missing engines (helm upgrade --set replicas=N, or java -jar "
        + "perf-suite-remote-engine.jar --port PORT --hostname ADDRESS), check that NAME resolves "
        + "to every engine (a headless Service lists only ready pods), raise perf.remotes.wait, "
        + "or lower perf.remotes.expected.";
  }
}
