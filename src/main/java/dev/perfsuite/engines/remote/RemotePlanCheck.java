package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.BuiltTree;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.util.DslScript.DslScriptRegistry;

/**
 * Rejects plans that cannot run on remote engines before any load starts.
 *
 * <p>A Java lambda in a jmeter-java-dsl element (a JSR223 lambda, a lambda header or body, a
 * lambda condition) lives only in the controller's memory: the element sent to a remote engine
 * holds an id such as {@code lambdaScript3} that the engine cannot resolve. JMeter then logs a
 * {@code ClassNotFoundException}, yet its samples still count as successes (see the reference
 * notes), so a run would pass while measuring something else. A class-based script
 * ({@code public static class X implements PostProcessorScript}) travels by class name and works,
 * provided the class is on the engine's class path.
 */
final class RemotePlanCheck {
  private static final Pattern LAMBDA_ID = Pattern.compile("lambdaScript\\d+");

  private RemotePlanCheck() {
  }

  /**
   * Builds {@code plan}'s JMeter tree as the engine will and fails naming every element that
   * holds a Java lambda.
   *
   * @throws IllegalArgumentException listing the offending elements and the fix
   */
  static void rejectLambdas(DslTestPlan plan) {
    List<String> offenders = lambdaElements(plan);
    if (!offenders.isEmpty()) {
      throw new IllegalArgumentException("the plan cannot run on remote engines: "
          + "these elements hold Java lambdas, which exist only in this JVM: "
          + String.join(", ", offenders) + ". Fix: replace each lambda by a public static class "
          + "implementing the script interface (e.g. PostProcessorScript), pass its class "
          + "(jsr223PostProcessor(MyScript.class)) and put it on the engines' class path, "
          + "or run with -Dperf.engine=embedded.");
    }
  }

  /** Elements of the built plan holding a registered lambda, as "name (JMeter class)". */
  static List<String> lambdaElements(DslTestPlan plan) {
    Set<String> offenders = new LinkedHashSet<>();
    collect(BuiltTree.build(plan), offenders);
    return new ArrayList<>(offenders);
  }

  private static void collect(HashTree tree, Set<String> offenders) {
    for (Object node : tree.list()) {
      if (node instanceof TestElement element && holdsLambda(element.propertyIterator())) {
        offenders.add("'" + element.getName() + "' (" + element.getClass().getName() + ")");
      }
      collect(tree.getTree(node), offenders);
    }
  }

  private static boolean holdsLambda(PropertyIterator properties) {
    while (properties.hasNext()) {
      JMeterProperty property = properties.next();
      if (property instanceof TestElementProperty nested) {
        if (holdsLambda(nested.getElement().propertyIterator())) {
          return true;
        }
      } else if (property instanceof MultiProperty multi) {
        if (holdsLambda(multi.iterator())) {
          return true;
        }
      } else if (isLambdaReference(property.getStringValue())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isLambdaReference(String value) {
    if (value == null || !value.contains("lambdaScript")) {
      return false;
    }
    Matcher ids = LAMBDA_ID.matcher(value);
    while (ids.find()) {
      if (DslScriptRegistry.findLambdaScript(ids.group()) != null) {
        return true;
      }
    }
    return false;
  }
}
