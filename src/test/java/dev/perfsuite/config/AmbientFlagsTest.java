package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * No valid {@code -Dperf.*} flag on the build's command line breaks a unit test: the unit tests
 * that read configuration, run in this JVM with a user's flags (a reported failing command and
 * more) set as system properties, all pass.
 */
class AmbientFlagsTest {
  /** Valid flags a performance engineer puts on {@code mvn verify -Pperf}. */
  static final Map<String, String> HOSTILE = Map.ofEntries(
      Map.entry("perf.jmx", "plan.jmx"), Map.entry("perf.jmx.load", "profile"),
      Map.entry("perf.target-rate", "200"), Map.entry("perf.hold", "40s"),
      Map.entry("perf.ramp-up", "0s"), Map.entry("perf.warm-up", "0s"),
      Map.entry("perf.threads", "7"), Map.entry("perf.warm-up.origin", "first-sample"),
      Map.entry("perf.engine", "embedded"), Map.entry("perf.regression", "warn"),
      Map.entry("perf.progress.interval", "0s"));

  /** Unit tests outside the config package that read configuration. */
  private static final String[] READERS = {"dev.perfsuite.scenarios.SystemDeclarationsTest",
      "dev.perfsuite.history.RunIdentityTest", "dev.perfsuite.junit.ServiceProbeTest",
      "dev.perfsuite.junit.AllureVisibilityTest"};

  @Test
  void shouldPassTheUnitTestsThatReadConfigurationWhateverPerfFlagsTheBuildCarries()
      throws Exception {
    Map<String, String> flags = new TreeMap<>(HOSTILE);
    // The build's own key stays (the pom sets it for every unit test).
    String history = System.getProperty(ConfigKey.HISTORY_DIR.key());
    if (history != null) {
      flags.put(ConfigKey.HISTORY_DIR.key(), history);
    }
    PerfConfig.of(flags); // the flags are valid: a test failing below is the test's fault

    SummaryGeneratingListener summary = AmbientFlags.with(flags, () -> {
      LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
          .selectors(selectPackage("dev.perfsuite.config"))
          .filters(includeClassNamePatterns(".*Test"),
              excludeClassNamePatterns(AmbientFlagsTest.class.getName()),
              TagFilter.excludeTags("perf"));
      for (String reader : READERS) {
        request.selectors(selectClass(reader));
      }
      LauncherDiscoveryRequest built = request.build();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create().execute(built, listener);
      return listener;
    });

    assertThat(summary.getSummary().getFailures().stream()
        .map(f -> f.getTestIdentifier().getUniqueId() + ": " + f.getException()).toList())
        .as("unit tests failing under -D%s", flags).isEmpty();
    assertThat(summary.getSummary().getTestsSucceededCount()).as("unit tests run")
        .isGreaterThan(50);
  }
}
