package dev.perfsuite.scenarios;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.perfsuite.config.OutputDefaults;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs scenario classes in a JVM of their own, so a test can start them with another
 * configuration and environment (a named target and its secrets) than its own JVM has.
 *
 * <p>Usage: {@code java -cp <test classpath> -Dperf.target=NAME
 * [-Dscenario-launcher.report=FILE] dev.perfsuite.scenarios.ScenarioLauncher ClassName...};
 * exits 0 when at least one test ran and none failed or was aborted (an aborted test, e.g. an
 * assumption that did not hold, proves nothing, so it counts as a failure), 1 otherwise.
 *
 * <p>With {@code scenario-launcher.report}, one line per test class is written to that file:
 * {@code class,succeeded,failed,aborted,skipped} (header first), so the parent reads per-class
 * outcomes ({@link ClassOutcome#read}) instead of console text.
 */
public final class ScenarioLauncher {
  /** System property naming the per-class results file. */
  public static final String REPORT = "scenario-launcher.report";

  private ScenarioLauncher() {
  }

  public static void main(String[] classNames) throws ClassNotFoundException {
    // A test's child run never writes the developer's run history unless told where to.
    OutputDefaults.history(Path.of("target/perf-history"));
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (String name : classNames) {
      request.selectors(selectClass(Class.forName(name)));
    }
    LauncherDiscoveryRequest discovery = request.build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    PerClass perClass = new PerClass();
    launcher.execute(discovery, summary, perClass);
    TestExecutionSummary result = summary.getSummary();
    result.printTo(new PrintWriter(System.out, true));
    result.printFailuresTo(new PrintWriter(System.out, true), 30);
    String report = System.getProperty(REPORT);
    if (report != null) {
      perClass.write(Path.of(report));
    }
    boolean passed = passed(result.getTotalFailureCount(), result.getTestsAbortedCount(),
        result.getTestsSucceededCount());
    System.out.println("Scenario launcher: " + Arrays.toString(classNames) + " -> "
        + (passed ? "PASSED" : "FAILED") + " (" + result.getTestsSucceededCount() + " passed, "
        + result.getTotalFailureCount() + " failed, " + result.getTestsAbortedCount()
        + " aborted, " + result.getTestsSkippedCount() + " skipped)");
    System.exit(passed ? 0 : 1);
  }

  /** The launcher's verdict: something passed, nothing failed, nothing was aborted. */
  static boolean passed(long failed, long aborted, long succeeded) {
    return failed == 0 && aborted == 0 && succeeded > 0;
  }

  /** One test class's outcome in a child run. */
  public record ClassOutcome(String className, int succeeded, int failed, int aborted,
      int skipped) {

    /** Reads the file a launcher wrote with {@value #REPORT_HEADER} first. */
    public static List<ClassOutcome> read(Path file) throws IOException {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals(REPORT_HEADER)) {
        throw new IOException(file + " is not a scenario launcher report: " + lines);
      }
      List<ClassOutcome> outcomes = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        String[] cells = line.split(",");
        outcomes.add(new ClassOutcome(cells[0], Integer.parseInt(cells[1]),
            Integer.parseInt(cells[2]), Integer.parseInt(cells[3]), Integer.parseInt(cells[4])));
      }
      return outcomes;
    }

    static final String REPORT_HEADER = "class,succeeded,failed,aborted,skipped";
  }

  /** Counts outcomes per test class (tests and their containers; a failed class fails). */
  static final class PerClass implements TestExecutionListener {
    private final Map<String, int[]> counts = new LinkedHashMap<>();

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
      className(test).ifPresent(name -> counts.computeIfAbsent(name, k -> new int[4])[3]++);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
      Optional<String> name = className(test);
      if (name.isEmpty()) {
        return;
      }
      int[] c = counts.computeIfAbsent(name.get(), k -> new int[4]);
      switch (result.getStatus()) {
        case SUCCESSFUL -> c[0] += test.isTest() ? 1 : 0;
        case FAILED -> c[1]++;
        case ABORTED -> c[2]++;
        default -> throw new IllegalStateException("unknown status " + result.getStatus());
      }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
      // Nothing: the report is written after the summary is printed.
    }

    private static Optional<String> className(TestIdentifier test) {
      return test.getSource().flatMap(source -> {
        if (source instanceof MethodSource method) {
          return Optional.of(method.getClassName());
        }
        if (source instanceof ClassSource type) {
          return Optional.of(type.getClassName());
        }
        return Optional.empty();
      });
    }

    void write(Path file) {
      StringBuilder text = new StringBuilder(ClassOutcome.REPORT_HEADER).append('\n');
      counts.forEach((name, c) -> text.append(name).append(',').append(c[0]).append(',')
          .append(c[1]).append(',').append(c[2]).append(',').append(c[3]).append('\n'));
      try {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write the launcher report " + file, e);
      }
    }
  }
}
