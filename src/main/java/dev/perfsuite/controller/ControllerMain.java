package dev.perfsuite.controller;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import dev.perfsuite.config.OutputDefaults;
import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The controller entry point: runs scenario classes with JUnit Platform's launcher and exits with
 * the verdict. No Maven is needed (the controller image, the chart's Job).
 *
 * <p>Everything a run writes lands under {@code --results DIR}: the scenarios' results and JTLs
 * ({@code perf.results-dir}), the Allure results ({@code allure.results.directory}), the run
 * history ({@code perf.history.dir}, unless set) and {@value #SUMMARY}. Exit status 0 when
 * something passed and nothing failed or was aborted, 1 otherwise, 2 for bad options. Every
 * {@code perf.*} key works as in Maven: {@code -Dperf.engine=distributed
 * -Dperf.remotes=dns:perf-engines:1099 -Dperf.remotes.expected=3} on the java command line, or
 * {@code PERF_*} variables.
 */
public final class ControllerMain {
  /** The launcher's summary, written in the results folder. */
  static final String SUMMARY = "controller-summary.txt";
  static final String USAGE = String.join("\n",
      "Usage: java -cp 'lib/*' [-Dperf.KEY=VALUE ...] dev.perfsuite.controller.ControllerMain",
      "         [options]",
      "Runs scenario classes (JUnit 5) as the controller; exit status is the verdict.",
      "  --scenario CLASS  a scenario class to run (repeat, or comma-separate)",
      "  --package PKG     every scenario class of a package (repeat, or comma-separate)",
      "  --results DIR     where results, JTLs, Allure results and history go",
      "                    (default results)",
      "  --help            this text");

  /** How many nearby packages an empty selection's error names. */
  private static final int MAX_NAMED = 12;

  private ControllerMain() {
  }

  /**
   * Runs the selection; exits 0 (passed), 1 (failed, or a selection of no test, named with the
   * scenario packages near it) or 2 (bad options).
   */
  public static void main(String[] args) throws IOException {
    if (List.of(args).contains("--help")) {
      System.out.println(USAGE);
      return;
    }
    Selection selection;
    try {
      selection = Selection.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("ERROR: " + e.getMessage() + "\n\n" + USAGE);
      System.exit(2);
      return;
    }
    System.exit(run(selection));
  }

  /** Runs {@code selection} in this JVM; returns the exit status. */
  static int run(Selection selection) throws IOException {
    // Engines found by name (dns:) come and go with their pods: look names up afresh each time.
    Security.setProperty("networkaddress.cache.ttl", "1");
    Security.setProperty("networkaddress.cache.negative.ttl", "0");
    Path results = selection.results().toAbsolutePath();
    Files.createDirectories(results);
    // Before the launcher exists: Allure's listener, created with it, fixes its folder then.
    String allure = "allure.results.directory";
    if (System.getProperty(allure) == null) {
      System.setProperty(allure, results.resolve("allure-results").toString());
    }
    Launcher launcher = LauncherFactory.create();
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selection.selectors()).build();
    // Before any output default or backend: a selection of nothing is a mistake, not a pass.
    if (!launcher.discover(request).containsTests()) {
      String text = "Controller verdict: FAILED (" + selection.nothingSelected(launcher) + ")\n";
      System.err.print(text);
      Files.writeString(results.resolve(SUMMARY), text, StandardCharsets.UTF_8);
      return 1;
    }
    OutputDefaults.under(results);
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    boolean passed = summary.getTotalFailureCount() == 0 && summary.getTestsAbortedCount() == 0
        && summary.getTestsSucceededCount() > 0;
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    summary.printTo(out);
    summary.printFailuresTo(out, 30);
    out.printf("Controller verdict: %s (%d passed, %d failed, %d aborted, %d skipped)%n",
        passed ? "PASSED" : "FAILED", summary.getTestsSucceededCount(),
        summary.getTotalFailureCount(), summary.getTestsAbortedCount(),
        summary.getTestsSkippedCount());
    out.flush();
    System.out.print(text);
    Files.writeString(results.resolve(SUMMARY), Secrets.mask(text.toString()),
        StandardCharsets.UTF_8);
    return passed ? 0 : 1;
  }

  /**
   * What to run and where results go.
   *
   * @param classes fully qualified scenario class names
   * @param packages package names, every class in them
   * @param results the results folder
   */
  record Selection(List<String> classes, List<String> packages, Path results) {

    Selection {
      classes = List.copyOf(classes);
      packages = List.copyOf(packages);
    }

    /**
     * Parses the options.
     *
     * @throws IllegalArgumentException naming the bad option, or when nothing is selected
     */
    static Selection parse(String... args) {
      List<String> classes = new ArrayList<>();
      List<String> packages = new ArrayList<>();
      Path results = Path.of("results");
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        switch (option) {
          case "--scenario" -> classes.addAll(list(value(args, ++i, option)));
          case "--package" -> packages.addAll(list(value(args, ++i, option)));
          case "--results" -> results = Path.of(value(args, ++i, option));
          default -> throw new IllegalArgumentException("unknown option '" + option + "'");
        }
      }
      if (classes.isEmpty() && packages.isEmpty()) {
        throw new IllegalArgumentException("nothing to run: give --scenario CLASS or --package "
            + "PKG (e.g. --scenario dev.perfsuite.scenarios.example.FirstScenarioIT)");
      }
      return new Selection(classes, packages, results);
    }

    /**
     * Why the selection runs nothing, naming it and the scenario packages near it. Those are the
     * packages of the closest enclosing package that has any test class.
     */
    String nothingSelected(Launcher launcher) {
      Set<String> near = new TreeSet<>();
      for (String name : packages) {
        String parent = name;
        while (near.isEmpty() && parent.contains(".")) {
          parent = parent.substring(0, parent.lastIndexOf('.'));
          near.addAll(testPackages(launcher, parent));
        }
      }
      String asked = Stream.concat(classes.stream().map(c -> "--scenario " + c),
          packages.stream().map(p -> "--package " + p)).collect(Collectors.joining(" "));
      return asked + " selects no scenario: no test class found there. "
          + (near.isEmpty() ? "" : "Scenario packages near it: "
          + near.stream().limit(MAX_NAMED).collect(Collectors.joining(", "))
          + (near.size() > MAX_NAMED ? ", ..." : "") + ". ")
          + "Fix: give a package or a fully qualified class on this controller's class path "
          + "(e.g. --scenario dev.perfsuite.scenarios.example.FirstScenarioIT)";
    }

    private static Set<String> testPackages(Launcher launcher, String name) {
      TestPlan plan = launcher.discover(LauncherDiscoveryRequestBuilder.request()
          .selectors(selectPackage(name)).build());
      Set<String> found = new TreeSet<>();
      for (TestIdentifier root : plan.getRoots()) {
        plan.getDescendants(root).forEach(node -> node.getSource()
            .filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
            .map(ClassSource::getClassName).filter(c -> c.contains("."))
            .map(c -> c.substring(0, c.lastIndexOf('.'))).ifPresent(found::add));
      }
      return found;
    }

    List<DiscoverySelector> selectors() {
      List<DiscoverySelector> selectors = new ArrayList<>();
      classes.forEach(c -> selectors.add(selectClass(c)));
      packages.forEach(p -> selectors.add(selectPackage(p)));
      return selectors;
    }

    private static List<String> list(String value) {
      return List.of(value.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty())
          .toList();
    }

    private static String value(String[] args, int index, String option) {
      if (index >= args.length || args[index].startsWith("--")) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[index];
    }
  }
}
