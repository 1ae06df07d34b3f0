package dev.perfsuite.engines.shipment;

import dev.perfsuite.engines.JmeterExpressions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jorphan.collections.HashTree;

/**
 * Evaluates a data file's path built at run time as a remote engine will when its test starts. It
 * reads the plan's variables (Test Plan, then every enabled User Defined Variables element in tree
 * order, as JMeter's start merges them) and the fixed functions ({@code ${__P()}}, a script asking
 * {@code FileServer} for its base directory).
 *
 * <p>A path that reads a thread's state ({@code ${__threadNum}}, {@code vars}, an extractor's
 * variable) has no one value before the start: it is not evaluated.
 */
final class RunTimePaths {
  /** The name after each "${": a variable, or a function when it starts with __. */
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([\\w.-]+)");
  /** Functions whose value is the same in every thread of a run. */
  private static final Set<String> FIXED_FUNCTIONS = Set.of("__P", "__property", "__env",
      "__BeanShell", "__groovy", "__jexl3");
  /** What a script reads that differs by thread or iteration. */
  private static final Pattern PER_THREAD = Pattern.compile(
      "\\bctx\\b|\\bvars\\b|\\bprev\\b|\\bsampler\\b|threadNum|Random|counter|UUID|time\\(");

  private final Map<String, String> variables = new LinkedHashMap<>();

  private RunTimePaths() {
  }

  /** The variables of {@code tree}, each evaluated seeing the ones before it. */
  static RunTimePaths of(HashTree tree) {
    Map<String, String> raw = new LinkedHashMap<>();
    collect(tree, raw);
    RunTimePaths paths = new RunTimePaths();
    raw.forEach((name, value) -> paths.variables.put(name, paths.execute(value)));
    return paths;
  }

  /**
   * What {@code written} is when the test starts; empty when it reads a thread's state or still
   * holds an expression after evaluation.
   */
  Optional<String> evaluate(String written) {
    if (!fixedAtStart(written)) {
      return Optional.empty();
    }
    String value = execute(written).trim();
    return value.isEmpty() || value.contains("${") ? Optional.empty() : Optional.of(value);
  }

  private boolean fixedAtStart(String text) {
    Matcher m = REFERENCE.matcher(text);
    while (m.find()) {
      String name = m.group(1);
      if (name.startsWith("__") ? !FIXED_FUNCTIONS.contains(name)
          : !variables.containsKey(name)) {
        return false;
      }
    }
    return PER_THREAD.matcher(text).results().findAny().isEmpty();
  }

  private String execute(String text) {
    return JmeterExpressions.evaluate(text, variables);
  }

  private static void collect(HashTree tree, Map<String, String> raw) {
    for (Object node : tree.list()) {
      if (node instanceof TestElement element && !element.isEnabled()) {
        continue;
      }
      if (node instanceof TestPlan plan) {
        raw.putAll(plan.getUserDefinedVariables());
      } else if (node instanceof Arguments arguments) {
        raw.putAll(arguments.getArgumentsAsMap());
      }
      collect(tree.getTree(node), raw);
    }
  }
}
