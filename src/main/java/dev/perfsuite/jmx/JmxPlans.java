package dev.perfsuite.jmx;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.files.DirectoryTree;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.plugins.PlanPlugins;
import dev.perfsuite.plugins.PluginFetch;
import dev.perfsuite.plugins.PluginFunctions;
import dev.perfsuite.plugins.PluginLoader;
import dev.perfsuite.profiles.Durations;
import dev.perfsuite.profiles.LoadProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.engine.TreeCloner;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/**
 * Entry point for existing JMeter plans: finds them and loads one with every check done before
 * load. Plans come from {@code perf.jmx}, or the catalogue under {@code src/test/resources/jmx};
 * each loads into an {@link ImportedPlan}.
 *
 * <pre>{@code
 * ImportedPlan imported = JmxPlans.load(Path.of("plans/checkout.jmx"), perf);
 * RunResult result = imported.withClassLoader(() -> perf.run(imported.plan()));
 * perf.judge(imported.sla(), result).assertPassed();
 * }</pre>
 */
public final class JmxPlans {
  private static final Logger LOG = LoggerFactory.getLogger(JmxPlans.class);
  /** Where JMX plans that run in the main job live. */
  public static final Path CATALOGUE = Path.of("src", "test", "resources", "jmx");
  /** Where plans saved from DSL code are written before they load like any JMX. */
  static final Path SAVED = Path.of("target", "jmx-from-dsl");

  private JmxPlans() {
  }

  /**
   * The plans to run: {@code perf.jmx} when set (paths, or file names under
   * {@link #CATALOGUE}), otherwise every {@code .jmx} under {@link #CATALOGUE}.
   */
  public static List<Path> selected(JmxSettings settings) {
    if (!settings.plans().isEmpty()) {
      return settings.plans().stream().map(JmxPlans::resolve).toList();
    }
    if (!Files.isDirectory(CATALOGUE)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(CATALOGUE)) {
      return files.filter(f -> f.toString().toLowerCase().endsWith(".jmx")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + CATALOGUE, e);
    }
  }

  /** A path as given, or a bare name ({@code checkout}, {@code checkout.jmx}) in the catalogue. */
  public static Path resolve(String spec) {
    Path path = Path.of(spec);
    if (Files.exists(path) || spec.contains("/") || spec.contains("\\")) {
      return path;
    }
    return CATALOGUE.resolve(spec.toLowerCase().endsWith(".jmx") ? spec : spec + ".jmx");
  }

  /** The scenario name of a JMX file: its name without {@code .jmx}, safe for a directory. */
  public static String scenarioName(Path jmx) {
    return jmx.getFileName().toString().replaceFirst("(?i)\\.jmx$", "")
        .replaceAll("[^A-Za-z0-9._-]", "-");
  }

  /**
   * Loads {@code jmx} for a run: checks, hygiene, {@code ${__P()}} values, thread groups or the
   * suite's profile, and its SLA.
   *
   * @param suiteProfile the configured profile: its warm-up always applies, its shape only with
   *     {@code perf.jmx.load=profile}
   * @throws JmxException before any load, naming the file and what to fix
   */
  public static ImportedPlan load(Path jmx, JmxSettings settings, LoadProfile suiteProfile) {
    Path base = jmx.toAbsolutePath().getParent();
    return load(jmx, scenarioName(jmx), base, settings, suiteProfile);
  }

  /**
   * As {@link #load(Path, JmxSettings, LoadProfile)} for a run of {@code perf}: the configured
   * keys and profile, and the addresses of services the plan reads with {@code ${__P()}}.
   */
  public static ImportedPlan load(Path jmx, PerfSession perf) {
    return load(jmx, withServices(jmx, perf.config().jmx(), perf), perf.config().profile());
  }

  private static ImportedPlan load(Path jmx, String name, Path csvBase, JmxSettings settings,
      LoadProfile suiteProfile) {
    List<String> notes = new ArrayList<>();
    JmeterLeniency leniency = JmeterLeniency.of(jmx.toString(), settings.strict(), notes);
    ClassLoader classLoader = classLoader(jmx, settings, notes);
    // The plan's plugin functions are JMeter's only while it loads (its checks and values read
    // them) and, later, while it runs (ImportedPlan#withClassLoader).
    // JMeter's base directory is the plan's folder while it loads (values and paths read at
    // load see it) and, later, while it runs, as jmeter -n -t sets it.
    try (PluginFunctions functions = PluginFunctions.register(classLoader);
        PlanBase base = PlanBase.of(csvBase)) {
      // What another run of this JVM registered meanwhile is not this plan's.
      Set<String> others = new HashSet<>(PluginFunctions.active());
      functions.names().forEach(others::remove);
      return load(jmx, name, csvBase, settings, suiteProfile, notes, leniency, classLoader,
          others);
    }
  }

  private static ImportedPlan load(Path jmx, String name, Path csvBase, JmxSettings settings,
      LoadProfile suiteProfile, List<String> notes, JmeterLeniency leniency,
      ClassLoader classLoader, Set<String> othersFunctions) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    HashTree tree;
    // JMeter's loader (XStream) finds a fetched plugin's classes through the context loader.
    thread.setContextClassLoader(classLoader);
    try {
      tree = JmxSource.load(jmx, settings.properties(), true, notes, leniency);
    } finally {
      thread.setContextClassLoader(previous);
    }
    Object root = tree.getArray()[0];
    if (!(root instanceof TestPlan testPlan)) {
      throw new JmxException(jmx + " has no Test Plan at its root (found " + root + ")");
    }
    HashTree planTree = tree.getTree(testPlan);
    Map<String, String> variables = testPlan.getUserDefinedVariables();
    // JMeter merges every User Defined Variables element at test start, those inside thread
    // groups too, before any group reads its counts.
    PlanValues values = planValues(variables, planTree);
    notes.addAll(PlanHygiene.apply(planTree, settings.keepListeners(), csvBase, jmx, leniency,
        values));
    PlanDependencies.check(jmx, planTree, classLoader, othersFunctions, leniency);
    if (!settings.classpath().isEmpty()) {
      notes.add("scripts and Java samplers also load classes from perf.jmx.classpath "
          + settings.classpath());
    }
    PlanControllers.expand(jmx, tree, planTree);
    notes.addAll(OnceOnlyWork.mark(planTree));
    List<String> labels = new ArrayList<>(labels(planTree));
    // Cloned before any run: priming must leave every timer schedule, CSV position and
    // once-only controller of the measured run untouched.
    TreeCloner cloner = new TreeCloner(false);
    planTree.traverse(cloner);
    HashTree primingTree = cloner.getClonedTree();

    LoadPlan plan = settings.load() == JmxLoad.PROFILE
        ? underProfile(jmx, name, planTree, variables, settings, suiteProfile, notes)
        : asWritten(jmx, name, planTree, variables, values, settings, notes, leniency);
    Optional<LoadPlan> primer = Optional.empty();
    if (settings.load() == JmxLoad.PROFILE || settings.prime().isPresent()) {
      PlanParts priming = PlanParts.forPriming(primingTree, variables, settings.properties());
      primer = priming.journey().isEmpty() ? Optional.empty() : Optional.of(new LoadPlan(name,
          plan.profile(), priming.journey(), priming.elements(), false));
    }
    if (settings.load() == JmxLoad.PLAN) {
      notes.add(primer.isPresent() ? "primed with a bounded pass on fresh copies of the "
          + "elements (perf.prime=" + Durations.format(settings.prime().orElseThrow()) + ")"
          : "not primed: a plan-driven JMX runs once, as written (set perf.prime to prime)");
    }
    Path sidecar = settings.sla().orElse(JmxSla.sidecar(jmx));
    if (Files.isRegularFile(sidecar)) {
      return new ImportedPlan(jmx, plan, JmxSla.read(sidecar), sidecar.toString(), labels, notes,
          primer, classLoader, Optional.empty(), csvBase);
    }
    PlanVerdict verdict = PlanVerdict.of(settings.defaultErrorPercent(), planTree);
    return new ImportedPlan(jmx, plan, JmxSla.defaults(),
        verdict.describe().replace("no SLA file", "no " + sidecar.getFileName()), labels, notes,
        primer, classLoader, Optional.of(verdict), csvBase);
  }

  /**
   * The team's jars of {@code perf.jmx.classpath}, then (with {@code perf.jmx.plugins=auto}) the
   * plugins the plan names, fetched through Maven and named with their versions in the notes.
   */
  private static ClassLoader classLoader(Path jmx, JmxSettings settings, List<String> notes) {
    ClassLoader team = PlanDependencies.classLoader(settings.classpath());
    if (settings.plugins() == JmxPlugins.OFF) {
      return team;
    }
    JmxSource.environment();
    PlanPlugins plugins = PlanPlugins.of(PlanPlugins.text(jmx), team);
    if (plugins.none()) {
      return team;
    }
    List<Path> jars;
    try {
      jars = PluginFetch.jars(jmx, plugins.artifacts());
    } catch (IOException e) {
      throw new JmxException(e.getMessage(), e);
    }
    ClassLoader loader = PluginLoader.of("perf.jmx.plugins", jars, team);
    notes.add("plugins the plan uses, fetched through Maven (perf.jmx.plugins=auto): "
        + String.join(", ", plugins.describe()) + "; jars: " + jars.stream()
        .map(j -> j.getFileName().toString()).toList());
    return loader;
  }

  /** The main groups' children as one journey under the suite's profile. */
  private static LoadPlan underProfile(Path jmx, String name, HashTree planTree,
      Map<String, String> variables, JmxSettings settings, LoadProfile suiteProfile,
      List<String> notes) {
    PlanParts parts = PlanParts.underProfile(planTree, variables, settings.properties());
    if (parts.journey().isEmpty()) {
      throw new JmxException(jmx + " has no thread group with samplers to run under the "
          + "profile");
    }
    notes.add("thread groups " + parts.groups().stream().map(g -> "'" + g.getName() + "'")
        .toList() + " replaced by the suite's profile (perf.jmx.load=profile); their children "
        + "run in one journey, in plan order");
    return new LoadPlan(name, suiteProfile, parts.journey(), parts.elements(), false);
  }

  /** The plan's own thread groups, its shape read from them, and the configured warm-up. */
  private static LoadPlan asWritten(Path jmx, String name, HashTree planTree,
      Map<String, String> variables, PlanValues values, JmxSettings settings, List<String> notes,
      JmeterLeniency leniency) {
    PlanParts parts = PlanParts.asWritten(planTree, variables, settings.properties());
    Duration warmUp = settings.warmUp().orElse(Duration.ZERO);
    LoadProfile shape = PlanShape.of(jmx.toString(), parts.groups(), warmUp,
        values, g -> stoppingCsvRows(planTree, g), leniency);
    notes.add("the plan's own thread groups run: " + shape);
    notes.add(settings.warmUp().isPresent() ? "warm-up " + Durations.format(warmUp)
        + " (perf.warm-up): samples that start in it are left out of the verdict"
        : "no warm-up: every sample counts, as in JMeter (set perf.warm-up to leave one out)");
    return LoadPlan.withOwnThreadGroups(name, shape, parts.elements());
  }

  /**
   * Runs a plan written with the DSL (e.g. by the JMX converter) exactly as a JMX. It is saved with
   * {@code saveAsJmx} and loaded by {@link #load}; relative CSV paths resolve against the working
   * directory, as they do in DSL code.
   */
  public static ImportedPlan fromDsl(String name, DslTestPlan plan, JmxSettings settings,
      LoadProfile suiteProfile) {
    return fromSaved(name, plan,
        file -> load(file, name, Path.of("").toAbsolutePath(), settings, suiteProfile));
  }

  /**
   * As {@link #fromDsl(String, DslTestPlan, JmxSettings, LoadProfile)} with the {@code perf.jmx*}
   * settings, profile and service addresses of the run of {@code perf}.
   */
  public static ImportedPlan fromDsl(String name, DslTestPlan plan, PerfSession perf) {
    return fromDsl(name, plan, perf.config().jmx(), perf);
  }

  /** As {@link #fromDsl(String, DslTestPlan, JmxSettings, LoadProfile)} for a run of perf. */
  public static ImportedPlan fromDsl(String name, DslTestPlan plan, JmxSettings settings,
      PerfSession perf) {
    return fromSaved(name, plan, file -> load(file, name, Path.of("").toAbsolutePath(),
        withServices(file, settings, perf), perf.config().profile()));
  }

  private static JmxSettings withServices(Path jmx, JmxSettings settings, PerfSession perf) {
    return settings.withProperties(ServiceProperties.of(jmx, perf, settings.properties()));
  }

  /**
   * Saves a DSL plan, loads it and keeps only a masked copy under {@code target/jmx-from-dsl/}.
   *
   * <p>{@code saveAsJmx} writes every value of the plan, secrets included, so the run loads a
   * private temporary file that is deleted at once; the kept copy, which reports name, has every
   * secret the JVM knows masked.
   */
  private static ImportedPlan fromSaved(String name, DslTestPlan plan,
      Function<Path, ImportedPlan> loader) {
    Path kept = SAVED.resolve(name + ".jmx");
    Path dir = null;
    try {
      dir = Files.createTempDirectory("perf-dsl-");
      Path file = dir.resolve(name + ".jmx");
      plan.saveAsJmx(file.toString());
      ImportedPlan imported = loader.apply(file);
      Files.createDirectories(SAVED);
      Files.writeString(kept, Secrets.mask(Files.readString(file)));
      return new ImportedPlan(kept, imported.plan(), imported.sla(), imported.slaSource(),
          imported.labels(), imported.notes(), imported.primer(), imported.classLoader(),
          imported.structure(), imported.baseDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save the plan of " + name + " to " + kept, e);
    } finally {
      DirectoryTree.deleteQuietly(dir, "temporary plan");
    }
  }

  /**
   * Rows of the first CSV Data Set that stops threads at its end, header excluded; -1 when there is
   * none. The data set is looked for in the group or at the plan's top.
   */
  private static int stoppingCsvRows(HashTree planTree, AbstractThreadGroup group) {
    List<Object> scope = new ArrayList<>(planTree.list());
    scope.addAll(planTree.getTree(group).list());
    for (Object key : scope) {
      if (key instanceof CSVDataSet csv && csv.isEnabled()
          && csv.getPropertyAsBoolean("stopThread") && !csv.getPropertyAsBoolean("recycle")) {
        try (Stream<String> lines = Files.lines(Path.of(csv.getPropertyAsString("filename")))) {
          long rows = lines.filter(l -> !l.isBlank()).count()
              - (csv.getPropertyAsBoolean("ignoreFirstLine") ? 1 : 0);
          return (int) Math.max(0, rows);
        } catch (IOException | RuntimeException e) {
          return -1;
        }
      }
    }
    return -1;
  }

  /**
   * Test Plan variables, then those of every enabled User Defined Variables element in tree
   * order. Those inside thread groups and controllers count too: JMeter's PreCompiler merges them
   * all into the plan's variables before the first thread starts.
   */
  static PlanValues planValues(Map<String, String> testPlanVariables, HashTree planTree) {
    Map<String, String> all = new LinkedHashMap<>(testPlanVariables);
    collectArguments(planTree, all);
    return PlanValues.of(all);
  }

  private static void collectArguments(HashTree tree, Map<String, String> all) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && !element.isEnabled()) {
        continue;
      }
      if (key instanceof Arguments arguments) {
        all.putAll(arguments.getArgumentsAsMap());
      }
      collectArguments(tree.getTree(key), all);
    }
  }

  /** Labels the plan's samples will carry, skipping children a parent transaction sample hides. */
  static Set<String> labels(HashTree tree) {
    Set<String> labels = new LinkedHashSet<>();
    collect(tree, labels);
    return labels;
  }

  private static void collect(HashTree tree, Set<String> labels) {
    for (Object key : tree.list()) {
      if (!(key instanceof TestElement element) || !element.isEnabled()) {
        continue;
      }
      boolean named = !element.getName().contains("${") && !element.getName().isBlank();
      if ((element instanceof Sampler || element instanceof TransactionController) && named) {
        labels.add(element.getName());
      }
      if (element instanceof TransactionController tc && tc.isGenerateParentSample()) {
        continue;
      }
      collect(tree.getTree(key), labels);
    }
  }
}
