package dev.perfsuite.jmx;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.control.IncludeController;
import org.apache.jmeter.control.ModuleController;
import org.apache.jmeter.control.ReplaceableController;
import org.apache.jmeter.exceptions.IllegalUserActionException;
import org.apache.jmeter.gui.tree.JMeterTreeModel;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.apache.jorphan.util.JMeterStopTestException;

/**
 * Module and Include Controllers expanded as {@code jmeter -n -t} expands them, refused before
 * load where JMeter cannot. A Module Controller finds its target by the names on the path to it;
 * an Include Controller reads its file as written, else under JMeter's base directory (the
 * plan's folder).
 */
final class PlanControllers {
  private PlanControllers() {
  }

  /**
   * Points Module Controllers at their targets and replaces controllers by what they run. As
   * JMeter's non-GUI start does, targets are found in {@code tree} (the whole file's tree) and
   * {@code planTree} is converted.
   *
   * @throws JmxException naming the controller and its path or file when the target or file is
   *     missing
   */
  static void expand(Path file, HashTree tree, HashTree planTree) {
    List<String> problems = new ArrayList<>();
    for (IncludeController include : found(tree, IncludeController.class)) {
      if (include.isEnabled()) {
        missingInclude(include).ifPresent(problems::add);
      }
    }
    if (!problems.isEmpty()) {
      throw new JmxException(file + ": " + String.join("; ", problems));
    }
    // JMeter's own step in non-GUI mode: the targets are found in a tree model of the plan.
    JMeterTreeModel model = new JMeterTreeModel(new Object());
    JMeterTreeNode root = (JMeterTreeNode) model.getRoot();
    try {
      model.addSubTree(tree, root);
    } catch (IllegalUserActionException e) {
      throw new JmxException(file + " could not be read as JMeter's tree: " + e.getMessage(), e);
    }
    for (ReplaceableController controller : found(tree, ReplaceableController.class)) {
      try {
        controller.resolveReplacementSubTree(root);
      } catch (JMeterStopTestException e) {
        ModuleController module = (ModuleController) controller;
        throw new JmxException(file + ": Module Controller '" + module.getName() + "' runs "
            + path(module) + ", which is not in the plan: JMeter refuses the plan at start ("
            + e.getMessage() + "). Fix: select the target controller again in JMeter (its "
            + "name or a parent's changed), or remove the Module Controller.", e);
      }
    }
    JMeter.convertSubTree(planTree, true);
  }

  private static Optional<String> missingInclude(IncludeController include) {
    String written = include.getIncludePath();
    if (written == null || written.isBlank()) {
      return Optional.of("Include Controller '" + include.getName() + "' names no "
          + "file. Fix: give it the test fragment's file, or remove it.");
    }
    String prefix = JMeterUtils.getPropDefault("includecontroller.prefix", "");
    File direct = new File((prefix + written).trim());
    File resolved = direct.exists() || direct.isAbsolute() ? direct
        : new File(FileServer.getFileServer().getBaseDir(), written.trim());
    if (resolved.isFile() && resolved.canRead()) {
      return Optional.empty();
    }
    return Optional.of("Include Controller '" + include.getName() + "' includes "
        + written + ", which is in none of [" + direct.getAbsolutePath() + ", "
        + resolved.getAbsolutePath() + "] (JMeter reports it and runs the plan without it). "
        + "Fix: put the file beside the plan or correct the path.");
  }

  private static String path(ModuleController module) {
    List<String> names = new ArrayList<>();
    List<?> nodePath = module.getNodePath();
    if (nodePath != null) {
      for (Object name : nodePath) {
        names.add(name instanceof JMeterProperty p ? p.getStringValue() : String.valueOf(name));
      }
    }
    return names.isEmpty() ? "no target" : String.join(" > ", names);
  }

  private static <T> Collection<T> found(HashTree tree, Class<T> type) {
    SearchByClass<T> search = new SearchByClass<>(type);
    tree.traverse(search);
    return search.getSearchResults();
  }
}
