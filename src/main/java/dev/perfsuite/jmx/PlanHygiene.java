package dev.perfsuite.jmx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.reporters.ResultSaver;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.backend.BackendListener;
import org.apache.jorphan.collections.HashTree;

/**
 * Makes a loaded JMX fit for a load run, saying what it changed: GUI-only listeners are
 * disabled, Backend Listeners and Simple Data Writers too unless kept by key, and relative CSV Data
 * Set paths are resolved against the JMX file's directory.
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

  private PlanHygiene() {
  }

  /**
   * Applies the rules to {@code tree} in place and returns one line per change.
   *
   * @param keep {@code backend} and/or {@code data-writer}
   * @param csvBase directory relative CSV paths resolve against
   */
  static List<String> apply(HashTree tree, Set<String> keep, Path csvBase, Path file) {
    List<String> notes = new ArrayList<>();
    walk(tree, keep, csvBase, file, notes);
    return notes;
  }

  private static void walk(HashTree tree, Set<String> keep, Path csvBase, Path file,
      List<String> notes) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && element.isEnabled()) {
        check(element, keep, csvBase, file, notes);
      }
      walk(tree.getTree(key), keep, csvBase, file, notes);
    }
  }

  private static void check(TestElement element, Set<String> keep, Path csvBase, Path file,
      List<String> notes) {
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
      resolveCsv(element, csvBase, file, notes);
    }
  }

  private static void resolveCsv(TestElement csv, Path base, Path file, List<String> notes) {
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
      csv.setProperty("filename", beside.toString());
      notes.add(ImportedPlan.WARNING + "CSV Data Set '" + csv.getName() + "' reads the " + kind
          + " " + name + ", which does not exist here: the file of that name beside the plan is "
          + "used (" + beside + ")");
      return;
    }
    boolean home = name.equals("~") || name.startsWith("~/") || name.startsWith("~\\");
    Path path = home ? Path.of(System.getProperty("user.home"), name.substring(1)
        .replace('\\', '/').replaceFirst("^/", "")) : Path.of(name);
    Path resolved = path.isAbsolute() ? path : base.resolve(path).toAbsolutePath().normalize();
    if (!Files.isRegularFile(resolved)) {
      throw new JmxException(file + ": CSV Data Set '" + csv.getName() + "' reads " + name
          + ", resolved to " + resolved + ", which does not exist. Fix: put the file there "
          + "(relative paths resolve against the JMX file's directory, ~ is the home "
          + "directory) or correct the path.");
    }
    if (!path.isAbsolute() || home) {
      csv.setProperty("filename", resolved.toString());
      notes.add("CSV Data Set '" + csv.getName() + "': " + name + " resolved to " + resolved);
    }
  }

  /** {@code C:\data\x.csv}, {@code C:/data/x.csv} or a {@code \\server\share} path. */
  static boolean isWindows(String name) {
    return name.matches("^[A-Za-z]:[\\\\/].*") || name.startsWith("\\\\");
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
