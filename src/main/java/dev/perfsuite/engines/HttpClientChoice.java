package dev.perfsuite.engines;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.http.ClientSwap;
import dev.perfsuite.http.SuiteHttpSampler;
import dev.perfsuite.users.UserConnections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * {@code perf.http.client} applied to a run's built tree. With {@code suite}, JMeter's HTTP
 * samplers (of Java scenarios and JMX plans alike) become the suite's, and each label left on
 * JMeter's client is named once, before load, on the console and among the run's warnings
 * (run.properties).
 */
final class HttpClientChoice {
  private static final Logger LOG = LoggerFactory.getLogger(HttpClientChoice.class);

  private HttpClientChoice() {
  }

  /**
   * The plan child that swaps the samplers once the tree is built, or empty for JMeter's
   * client. The swapped tree is what remote engines receive, so they run the suite's client too
   * (their jar carries Netty); with {@code shared} connections the pool's size goes in the tree.
   *
   * @throws dev.perfsuite.config.ConfigException for shared connections on JMeter's client
   */
  static Optional<TestPlanChild> of(RunSettings settings, UserConnections connections,
      List<String> warnings) {
    settings.checkConnections(connections);
    if (settings.httpClient() != HttpClientKind.SUITE) {
      return Optional.empty();
    }
    int shared = connections == UserConnections.SHARED ? settings.sharedConnections() : 0;
    Set<String> named = ConcurrentHashMap.newKeySet();
    return Optional.of(BuiltTree.onceBuilt(tree -> {
      ClientSwap.Outcome outcome = ClientSwap.apply(tree, shared,
          settings.httpProtocol().key());
      LOG.info("HTTP client: the suite's ({} transport, HTTP {}) for {} sampler(s){}",
          SuiteHttpSampler.transport(), settings.httpProtocol().key(), outcome.swapped(),
          shared > 0 ? ", " + shared + " connections shared across users" : "");
      outcome.kept().stream().filter(named::add).forEach(line -> warn(warnings, line));
    }));
  }

  private static void warn(List<String> warnings, String line) {
    LOG.warn(line);
    synchronized (warnings) {
      warnings.add(line);
    }
  }
}
