package dev.perfsuite.scenarios;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import java.util.Arrays;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs scenario classes in a JVM of their own, so a test can start them with another
 * configuration and environment (a named target and its secrets) than its own JVM has.
 *
 * <p>Usage: {@code java -cp <test classpath> -Dperf.target=NAME
 * dev.perfsuite.scenarios.ScenarioLauncher ClassName...}; exits 0 when every test passed and at
 * least one ran, 1 otherwise.
 */
public final class ScenarioLauncher {

  private ScenarioLauncher() {
  }

  public static void main(String[] classNames) throws ClassNotFoundException {
    // A test's child run never writes the developer's run history unless told where to.
    if (System.getProperty("perf.history.dir") == null
        && System.getenv("PERF_HISTORY_DIR") == null) {
      System.setProperty("perf.history.dir", "target/perf-history");
    }
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : classNames) {
      request.selectors(selectClass(Class.forName(name)));
    }
    LauncherDiscoveryRequest discovery = request.build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    launcher.execute(discovery, summary);
    TestExecutionSummary result = summary.getSummary();
    result.printTo(new PrintWriter(System.out, true));
    result.printFailuresTo(new PrintWriter(System.out, true), 30);
    boolean passed = result.getTotalFailureCount() == 0 && result.getTestsSucceededCount() > 0;
    System.out.println("Scenario launcher: " + Arrays.toString(classNames) + " -> "
        + (passed ? "PASSED" : "FAILED"));
    System.exit(passed ? 0 : 1);
  }
}
