package dev.perfsuite.jmx;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.users.UserGroup;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.codegeneration.DslCodeGenerator;
import us.abstracta.jmeter.javadsl.codegeneration.MethodCall;

/**
 * Converts a JMX plan into a scenario class skeleton in the suite's form. The class holds
 * {@code @PerfScenario}, the plan as jmeter-java-dsl's own {@link DslCodeGenerator} writes it, the
 * {@code ImportedPlan} the suite runs inside its class loader (its own thread groups, or the
 * profile with {@code perf.jmx.load=profile}) and an SLA stub naming every label.
 *
 * <p>Command: {@code mvn -Pjmx2java -Dperf.jmx=plan.jmx[,more.jmx]}; classes land in
 * {@code src/test/java/dev/perfsuite/scenarios/imported/} ({@code -Djmx2java.out=DIR} to change
 * the source root). GUI listeners are left out of the code, relative CSV paths are rewritten
 * relative to the project directory, and {@code ${__P()}} calls are kept (the suite fills them
 * from {@code perf.jmx.props.*} when the class runs). Fixed addresses named by
 * {@code -Djmx2java.services=host:port=NAME,...} become {@code ${__P(NAME.host)}},
 * {@code ${__P(NAME.port)}} and {@code ${__P(NAME.url)}} ({@link PlanAddresses}), which the run's
 * service lookup fills, so a plan saved from a run on an ephemeral port runs anywhere.
 *
 * <p>The output depends only on the plan and the options (no date, no absolute path), so a
 * committed class can be checked to be the converter's output.
 */
public final class JmxToJava {
  /** Package of generated classes. */
  public static final String PACKAGE = "dev.perfsuite.scenarios.imported";

  private JmxToJava() {
  }

  /**
   * Converts every plan of {@code perf.jmx} (or the arguments).
   *
   * @param args JMX paths; empty reads {@code perf.jmx} (as every key: system property, then
   *     {@code PERF_JMX}, then {@code perf.properties})
   */
  public static void main(String[] args) {
    List<String> plans = new ArrayList<>(List.of(args));
    if (plans.isEmpty()) {
      plans.addAll(JmxSettings.fromThisJvm().plans());
    }
    if (plans.isEmpty()) {
      System.err.println("usage: mvn -Pjmx2java -Dperf.jmx=path/to/plan.jmx[,more.jmx]");
      System.exit(2);
    }
    Path root = Path.of(System.getProperty("jmx2java.out", "src/test/java"));
    Map<String, String> services = PlanAddresses.parse(System.getProperty("jmx2java.services",
        ""));
    for (String plan : plans) {
      Path written = convert(JmxPlans.resolve(plan), root, services);
      System.out.println("jmx2java: " + plan + " -> " + written);
    }
  }

  /** Writes the class for {@code jmx} under {@code sourceRoot}; returns the file written. */
  public static Path convert(Path jmx, Path sourceRoot) {
    return convert(jmx, sourceRoot, Map.of());
  }

  /**
   * As {@link #convert(Path, Path)}, with the plan's fixed addresses turned into service
   * properties.
   *
   * @param services {@code host:port} to service name, e.g. {@code 127.0.0.1:8080 -> gateway}
   */
  public static Path convert(Path jmx, Path sourceRoot, Map<String, String> services) {
    String className = className(jmx);
    Path file = sourceRoot.resolve(PACKAGE.replace('.', '/')).resolve(className + ".java");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, source(jmx, className, services), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return file;
  }

  /** {@code shop-checkout.jmx} becomes {@code ShopCheckoutIT}. */
  static String className(Path jmx) {
    StringBuilder name = new StringBuilder();
    for (String word : JmxPlans.scenarioName(jmx).split("[^A-Za-z0-9]+")) {
      if (!word.isEmpty()) {
        name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    if (name.length() == 0 || !Character.isJavaIdentifierStart(name.charAt(0))) {
      name.insert(0, "Plan");
    }
    return name + "IT";
  }

  /** The Java source of the scenario class for {@code jmx}. */
  static String source(Path jmx, String className, Map<String, String> services) {
    HashTree tree = JmxSource.load(jmx, Map.of(), false);
    Object testPlan = tree.getArray()[0];
    HashTree planTree = tree.getTree(testPlan);
    List<String> notes = new ArrayList<>(PlanHygiene.apply(planTree, Set.of(),
        jmx.toAbsolutePath().getParent(), jmx));
    notes.addAll(PlanAddresses.apply(planTree, services));
    relativizeCsvPaths(planTree);
    asPlainThreadGroups(planTree);
    JMeter.convertSubTree(planTree, true);
    notes.addAll(keepTestPlanVariables((TestPlan) testPlan, planTree));
    notes.addAll(holdIsDurationMinusRampUp(planTree));
    Set<String> labels = JmxPlans.labels(planTree);
    notes.addAll(GeneratorGaps.apply(planTree));
    MethodCall plan = generate(tree, jmx);

    String planCode = generated(plan.buildAssignmentCode("    ").trim());
    StringBuilder methods = new StringBuilder();
    for (Map.Entry<String, MethodCall> method : plan.getMethodDefinitions().entrySet()) {
      methods.append("\n  private static ")
          .append(method.getValue().getReturnType().getSimpleName()).append(' ')
          .append(method.getKey()).append("() {\n    return ")
          .append(method.getValue().buildAssignmentCode("    ").trim()).append(";\n  }\n");
    }
    Set<String> statics = new TreeSet<>(plan.getStaticImports());
    statics.add("us.abstracta.jmeter.javadsl.JmeterDsl");
    Set<String> staticImports = GeneratedSource.staticImports(planCode + methods, statics,
        plan.getMethodDefinitions().keySet());
    Set<String> imports = new TreeSet<>(plan.getImports());
    imports.addAll(List.of("dev.perfsuite.jmx.ImportedPlan",
        "dev.perfsuite.jmx.JmxPlans", "dev.perfsuite.junit.PerfScenario",
        "dev.perfsuite.junit.PerfSession", "dev.perfsuite.results.RunResult",
        "dev.perfsuite.sla.Sla", "org.junit.jupiter.api.Test",
        "us.abstracta.jmeter.javadsl.core.DslTestPlan"));
    StringBuilder java = new StringBuilder();
    java.append("package ").append(PACKAGE).append(";\n\n");
    for (String s : staticImports) {
      java.append("import static ").append(s).append(";\n");
    }
    java.append('\n');
    for (String i : imports) {
      java.append("import ").append(i.replace('$', '.')).append(";\n");
    }
    java.append("\n/**\n * Converted by jmx2java (jmeter-java-dsl's DslCodeGenerator) from\n")
        .append(" * {@code ").append(displayed(jmx))
        .append("}.\n * Review the plan, then tighten the SLA stub.\n");
    for (String note : notes) {
      java.append(" *\n * <p>Conversion note: ").append(escapeComment(note)).append('\n');
    }
    java.append(" */\n@PerfScenario\nclass ").append(className).append(" {\n")
        .append("  static final String SCENARIO = \"").append(JmxPlans.scenarioName(jmx))
        .append("\";\n\n")
        .append("  @Test\n  void shouldMeetItsSla(PerfSession perf) {\n")
        .append("    ImportedPlan imported = importedPlan(perf);\n")
        .append("    // Its plugin functions and perf.jmx.classpath jars are JMeter's within this "
            + "call only.\n")
        .append("    RunResult result = imported.withClassLoader(() -> perf.run(imported.plan()));"
            + "\n")
        .append("    perf.judge(sla(), result).assertPassed();\n  }\n\n")
        .append("  /**\n   * The plan below as the suite runs it: its own thread groups, or the "
            + "configured profile\n   * with {@code -Dperf.jmx.load=profile}; warm-up from "
            + "{@code perf.warm-up}.\n   */\n")
        .append("  static ImportedPlan importedPlan(PerfSession perf) {\n")
        .append("    return JmxPlans.fromDsl(SCENARIO, dslPlan(), perf);\n  }\n\n")
        .append("  /** SLA stub: every label measured and no errors; add percentiles and "
            + "throughput per label. */\n")
        .append("  static Sla sla() {\n    return Sla.overall().errorPercentBelow(1.0)");
    for (String label : labels) {
      java.append("\n        .and(Sla.label(").append(quote(label))
          .append(").samplesAtLeast(1))");
    }
    java.append(";\n  }\n\n")
        .append("  /** The plan as jmeter-java-dsl's code generator wrote it. */\n")
        .append("  static DslTestPlan dslPlan() {\n")
        .append("    return ").append(planCode).append(";\n  }\n")
        .append(methods);
    return GeneratedSource.wrap(java.append("}\n").toString());
  }

  private static MethodCall generate(HashTree tree, Path jmx) {
    Path cleaned = null;
    try {
      cleaned = Files.createTempFile("perf-jmx2java-", ".jmx");
      try (OutputStream out = Files.newOutputStream(cleaned)) {
        SaveService.saveTree(tree, out);
      }
      return new DslCodeGenerator().buildMethodCallFromJmxFile(cleaned.toFile());
    } catch (IOException e) {
      throw new JmxException("cannot convert " + jmx + ": " + e, e);
    } finally {
      if (cleaned != null) {
        cleaned.toFile().delete();
      }
    }
  }

  /**
   * Keeps a Test Plan's User Defined Variables, which the code generator drops.
   * {@code Bearer ${apiKey}} would otherwise go out literally: they move into a plan-level User
   * Defined Variables element, which it writes as {@code vars().set(...)}.
   */
  private static List<String> keepTestPlanVariables(TestPlan testPlan, HashTree planTree) {
    Map<String, String> variables = testPlan.getUserDefinedVariables();
    if (variables.isEmpty()) {
      return List.of();
    }
    Arguments arguments = new Arguments();
    arguments.setName("Test Plan variables");
    arguments.setProperty(TestElement.TEST_CLASS, Arguments.class.getName());
    arguments.setProperty(TestElement.GUI_CLASS, "org.apache.jmeter.config.gui.ArgumentsPanel");
    variables.forEach(arguments::addArgument);
    testPlan.setUserDefinedVariables(new Arguments());
    List<Object> others = new ArrayList<>(planTree.list());
    Map<Object, HashTree> subtrees = new LinkedHashMap<>();
    others.forEach(k -> subtrees.put(k, planTree.getTree(k)));
    planTree.clear();
    planTree.add(arguments);
    subtrees.forEach((k, v) -> planTree.add(k).add(v));
    return List.of("Test Plan variables " + variables.keySet() + " kept as vars() at the "
        + "plan's top");
  }

  /**
   * Writes the hold as duration - ramp-up when ramp-up or duration is an expression. JMeter's
   * duration includes the ramp-up; the generator writes it as the hold after the ramp-up.
   */
  private static List<String> holdIsDurationMinusRampUp(HashTree planTree) {
    List<String> notes = new ArrayList<>();
    for (Object key : planTree.list()) {
      if (key instanceof ThreadGroup group && group.getScheduler()) {
        String ramp = group.getPropertyAsString(ThreadGroup.RAMP_TIME).trim();
        String duration = group.getPropertyAsString(ThreadGroup.DURATION).trim();
        boolean expression = ramp.contains("${") || duration.contains("${");
        // The DSL's own saveAsJmx writes ramp + hold as a __groovy sum the generator reads back.
        boolean dslSum = duration.contains("__groovy");
        if (expression && !dslSum && !duration.isEmpty() && !ramp.isEmpty()
            && !ramp.equals("0")) {
          group.setProperty(ThreadGroup.DURATION, "${__intSum(" + duration + ",-" + ramp + ")}");
          notes.add("thread group '" + group.getName() + "': hold = duration " + duration
              + " - ramp-up " + ramp + " (JMeter's duration includes the ramp-up)");
        }
      }
    }
    return notes;
  }

  /**
   * Turns the suite's own user groups (a plan the suite saved) into the JMeter Thread Group they
   * describe. The group writes a Thread Group's properties beside its steps, and the DSL's code
   * generator knows only JMeter's class.
   */
  private static void asPlainThreadGroups(HashTree tree) {
    for (Object key : new ArrayList<>(tree.list())) {
      if (key instanceof UserGroup group) {
        ThreadGroup plain = new ThreadGroup();
        group.propertyIterator().forEachRemaining(p -> plain.setProperty(p.clone()));
        plain.setProperty(TestElement.TEST_CLASS, ThreadGroup.class.getName());
        tree.replaceKey(group, plain);
      }
    }
  }

  /** Hygiene made CSV paths absolute; generated code reads them relative to the project. */
  private static void relativizeCsvPaths(HashTree tree) {
    Path project = Path.of("").toAbsolutePath();
    for (Object key : tree.list()) {
      if (key instanceof CSVDataSet csv) {
        Path path = Path.of(csv.getPropertyAsString("filename"));
        if (path.isAbsolute() && path.startsWith(project)) {
          csv.setProperty("filename", project.relativize(path).toString().replace('\\', '/'));
        }
      }
      relativizeCsvPaths(tree.getTree(key));
    }
  }

  /** The plan's path relative to the project, or its file name when it lies elsewhere. */
  private static String displayed(Path jmx) {
    Path project = Path.of("").toAbsolutePath();
    Path absolute = jmx.toAbsolutePath().normalize();
    Path shown = absolute.startsWith(project) ? project.relativize(absolute) : jmx.getFileName();
    return shown.toString().replace('\\', '/');
  }

  /** The generator's code without its note on hold vs duration, which the suite fixed. */
  private static String generated(String code) {
    return code.replaceAll("(?m)^\\s*// To keep generated DSL simple, the original "
        + "duration is used as hold.*\\R", "");
  }

  private static String quote(String text) {
    return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static String escapeComment(String text) {
    return text.replace("*/", "*&#47;").replace("@", "{@literal @}");
  }
}
