package dev.perfsuite.jmx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.ResultSaver;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jorphan.collections.HashTree;

/**
 * Makes a loaded JMX fit for a load run, saying what it changed. GUI-only listeners are disabled,
 * Backend Listeners and Simple Data Writers too unless kept by key, and relative CSV Data Set paths
 * are resolved where JMeter looks for them (the working directory, then the JMX file's directory).
 */
final class PlanHygiene {
  /** Display names of JMeter's listener GUIs, by GUI class simple name. */
  private static final Map<String, String> GUI_LISTENERS = Map.ofEntries(
      Map.entry("ViewResultsFullVisualizer", "View Results Tree"),
      Map.entry("SummaryReport", "Summary Report"),
      Map.entry("StatVisualizer", "Aggregate Report"),
      Map.entry("StatGraphVisualizer", "Aggregate Graph"),
      Map.entry("GraphVisualizer", "Graph Results"),
      Map.entry("RespTimeGraphVisualizer", "Response Time Graph"),
      Map.entry("TableVisualizer", "View Results in Table"),
      Map.entry("AssertionVisualizer", "Assertion Results"),
      Map.entry("ComparisonVisualizer", "Comparison Assertion Visualizer"),
      Map.entry("MailerVisualizer", "Mailer Visualizer"),
      Map.entry("SplineVisualizer", "Spline Visualizer"));
  private static final String DATA_WRITER = "SimpleDataWriter";
  /** The name after each "${": a variable, or a function when it starts with __. */
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([\\w.-]+)");
  /** Functions whose value is the same in every thread of a run (properties, environment). */
  private static final Set<String> FIXED_FUNCTIONS = Set.of("__P", "__property", "__env",
      "__BeanShell", "__groovy", "__jexl3");
  /** What a script reads that differs by thread or iteration. */
  private static final Pattern PER_THREAD = Pattern.compile(
      "\\bctx\\b|\\bvars\\b|\\bprev\\b|\\bsampler\\b|threadNum|Random|counter|UUID|time\\(");

  private PlanHygiene() {
  }

  /**
   * Applies the rules to {@code tree} in place and returns one line per change. A path found only
   * where JMeter would not look is warned (a run warning among the lines).
   *
   * @param keep {@code backend} and/or {@code data-writer}
   * @param csvBase the plan's directory: JMeter looks for a relative path in the working
   *     directory, then there
   */
  static List<String> apply(HashTree tree, Set<String> keep, Path csvBase, Path file) {
    List<String> notes = new ArrayList<>();
    walk(tree, keep, csvBase, file, notes, JmeterLeniency.of(file.toString(), false, notes),
        PlanValues.none());
    return notes;
  }

  /** As {@link #apply(HashTree, Set, Path, Path)}, path fallbacks going to {@code leniency}. */
  static List<String> apply(HashTree tree, Set<String> keep, Path csvBase, Path file,
      JmeterLeniency leniency) {
    return apply(tree, keep, csvBase, file, leniency, PlanValues.none());
  }

  /**
   * As {@link #apply(HashTree, Set, Path, Path, JmeterLeniency)}, with run-time CSV paths checked.
   * A path built from {@code values} (the plan's variables, {@code ${__P()}}, a script's base
   * directory) is evaluated as JMeter will, and refused when that file does not exist.
   */
  static List<String> apply(HashTree tree, Set<String> keep, Path csvBase, Path file,
      JmeterLeniency leniency, PlanValues values) {
    List<String> notes = new ArrayList<>();
    walk(tree, keep, csvBase, file, notes, leniency, values);
    return notes;
  }

  private static void walk(HashTree tree, Set<String> keep, Path csvBase, Path file,
      List<String> notes, JmeterLeniency leniency, PlanValues values) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && element.isEnabled()) {
        check(element, keep, csvBase, file, notes, leniency, values);
      }
      walk(tree.getTree(key), keep, csvBase, file, notes, leniency, values);
    }
  }

  private static void check(TestElement element, Set<String> keep, Path csvBase, Path file,
      List<String> notes, JmeterLeniency leniency, PlanValues values) {
    String gui = simpleName(element.getPropertyAsString(TestElement.GUI_CLASS));
    if (element instanceof ResultCollector) {
      if (DATA_WRITER.equals(gui)) {
        if (!keep.contains("data-writer")) {
          element.setEnabled(false);
          notes.add("disabled Simple Data Writer '" + element.getName() + "': the suite writes "
              + "its own JTL (results.jtl); keep it with -Dperf.jmx.keep-listeners=data-writer");
        }
        return;
      }
      element.setEnabled(false);
      notes.add("disabled GUI listener '" + element.getName() + "' ("
          + GUI_LISTENERS.getOrDefault(gui, gui) + "): GUI-only, it costs memory and CPU under "
          + "load; the suite's summary, charts and Allure report replace it");
    } else if (element instanceof BackendListener) {
      if (!keep.contains("backend")) {
        element.setEnabled(false);
        notes.add("disabled Backend Listener '" + element.getName() + "' ("
            + element.getPropertyAsString("classname") + "): the suite exports live metrics "
            + "itself (perf.metrics.export); keep it with -Dperf.jmx.keep-listeners=backend");
      }
    } else if (element instanceof ResultSaver) {
      if (!keep.contains("data-writer")) {
        element.setEnabled(false);
        notes.add("disabled Save Responses to a file '" + element.getName() + "': it writes "
            + "every response into the working directory; keep it with "
            + "-Dperf.jmx.keep-listeners=data-writer");
      }
    } else if (element instanceof CSVDataSet) {
      String name = element.getPropertyAsString("filename");
      if (name.contains("${")) {
        checkRunTimeCsv(element, name, csvBase, file, notes, values);
      } else {
        resolveCsv(element, csvBase, file, notes, leniency);
      }
    }
  }

  private static void resolveCsv(TestElement csv, Path base, Path file, List<String> notes,
      JmeterLeniency leniency) {
    String name = csv.getPropertyAsString("filename");
    if (name.isBlank() || name.contains("${")) {
      return;
    }
    boolean foreign = isWindows(name) || name.startsWith("/");
    if (foreign && !Files.isRegularFile(Path.of(name))) {
      // A plan saved on a team member's machine (Windows, or another home directory): the data
      // usually travels beside it.
      String kind = isWindows(name) ? "Windows path" : "absolute path";
      String simple = name.substring(Math.max(name.lastIndexOf('\\'), name.lastIndexOf('/')) + 1);
      Path beside = base.resolve(simple).toAbsolutePath().normalize();
      if (!Files.isRegularFile(beside)) {
        throw new JmxException(file + ": CSV Data Set '" + csv.getName() + "' reads the "
            + kind + " " + name + ", which does not exist here, and no " + simple
            + " lies beside the plan (" + beside + "). Fix: put " + simple + " beside the plan, "
            + "or use a relative path (JMeter resolves it against the plan's directory).");
      }
      leniency.accept("CSV Data Set '" + csv.getName() + "' reads the " + kind + " " + name
          + ", which does not exist here: the file of that name beside the plan is used ("
          + beside + ")", "make the path relative to the plan");
      csv.setProperty("filename", beside.toString());
      return;
    }
    Path path = Path.of(name);
    if (path.isAbsolute()) {
      if (!Files.isRegularFile(path)) {
        throw missing(file, csv, name, List.of(path));
      }
      return;
    }
    // JMeter's FileServer: a relative path as it stands (the working directory), then against
    // the plan's directory. It never expands ~.
    Path working = path.toAbsolutePath().normalize();
    Path beside = base.resolve(path).toAbsolutePath().normalize();
    Path resolved = Files.isRegularFile(working) ? working : beside;
    if (!Files.isRegularFile(resolved)) {
      boolean tilde = name.equals("~") || name.startsWith("~/") || name.startsWith("~\\");
      Path home = Path.of(System.getProperty("user.home"), name.substring(1).replace('\\', '/')
          .replaceFirst("^/", ""));
      if (!tilde || !Files.isRegularFile(home)) {
        throw missing(file, csv, name, tilde ? List.of(working, beside, home)
            : List.of(working, beside));
      }
      leniency.accept("CSV Data Set '" + csv.getName() + "' reads " + name + ", which JMeter "
          + "looks for in the working directory (" + working + ") and beside the plan ("
          + beside + ") and does not find; the file in the home directory is used (" + home
          + ")", "JMeter never expands ~: use a path relative to the plan, or an absolute one");
      resolved = home;
    }
    csv.setProperty("filename", resolved.toString());
    notes.add("CSV Data Set '" + csv.getName() + "': " + name + " resolved to " + resolved);
  }

  /**
   * A path JMeter builds when the test starts, checked where JMeter will open it. That is as it
   * stands when it exists from the working directory, else under the base directory (the plan's
   * folder); it is left as written for JMeter, and only paths no thread sets are judged.
   */
  private static void checkRunTimeCsv(TestElement csv, String name, Path base, Path file,
      List<String> notes, PlanValues values) {
    if (!fixedAtStart(name, values.variables().keySet())) {
      return;
    }
    String evaluated = values.evaluate(name).trim();
    if (evaluated.contains("${") || evaluated.isEmpty()) {
      return;
    }
    Path path = Path.of(evaluated);
    Path resolved = path.isAbsolute() || Files.exists(path) ? path.toAbsolutePath().normalize()
        : base.resolve(path).toAbsolutePath().normalize();
    if (!Files.isRegularFile(resolved)) {
      throw new JmxException(file + ": CSV Data Set '" + csv.getName() + "' reads " + name
          + ", which JMeter makes " + evaluated + " when the test starts; that file is in none "
          + "of " + List.of(path.toAbsolutePath().normalize(), resolved) + " (JMeter's CSV "
          + "Data Set would read nothing and its samplers run without the data). Fix: put the "
          + "file there, or set the property or variable the path is built from.");
    }
    notes.add("CSV Data Set '" + csv.getName() + "': " + name + " is " + resolved
        + " when the test starts (JMeter's base directory is the plan's folder)");
  }

  /**
   * Whether {@code text} reads only what is the same for every thread from the start. That is
   * defined plan variables, properties, the environment, and scripts reading no thread's state.
   */
  static boolean fixedAtStart(String text, Set<String> defined) {
    Matcher m = REFERENCE.matcher(text);
    while (m.find()) {
      String name = m.group(1);
      if (name.startsWith("__") ? !FIXED_FUNCTIONS.contains(name) : !defined.contains(name)) {
        return false;
      }
    }
    return PER_THREAD.matcher(text).results().findAny().isEmpty();
  }

  private static JmxException missing(Path file, TestElement csv, String name,
      List<Path> looked) {
    return new JmxException(file + ": CSV Data Set '" + csv.getName() + "' reads " + name
        + ", which is in none of " + looked + ". Fix: put the file there (JMeter looks in the "
        + "working directory, then beside the plan) or correct the path.");
  }

  /** {@code C:\data\x.csv}, {@code C:/data/x.csv} or a {@code \\server\share} path. */
  static boolean isWindows(String name) {
    return name.matches("^[A-Za-z]:[\\\\/].*") || name.startsWith("\\\\");
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
