package dev.perfsuite.junit;

import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Fails a test run whose scenario selection ({@code perf.groups}) selects no scenario, naming the
 * selection and the tags that exist ({@link EmptySelection}).
 *
 * <p>Failsafe reports "No tests to run" and passes when its groups filter every test out, and its
 * {@code failIfNoTests} does not count tests filtered that way. So this engine adds one test,
 * {@code scenario selection}, tagged with the tags the selection names, so that the selection keeps
 * it; it fails when the run's test plan holds no scenario class ({@link ScenarioSelection} counts
 * them before any test runs). Without {@code perf.groups} (a plain {@code mvn verify}, an IDE run)
 * or with its default {@code perf} (every scenario) the engine adds nothing.
 *
 * <p>Trap: the check reads the whole test plan of its launcher execution, so it needs the one
 * execution per test JVM that failsafe makes by default; a fork per class
 * ({@code reuseForks=false}) with {@code perf.groups} passed would fail it in every class that is
 * not a scenario.
 */
public final class SelectionCheckEngine implements TestEngine {
  static final String ID = "perf-selection";
  /** A tag a selection names, unless it is negated ({@code !slow}). */
  private static final Pattern TAG = Pattern.compile("(!\\s*)?([^\\s()&|!,]+)");

  @Override
  public String getId() {
    return ID;
  }

  @Override
  public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
    EngineDescriptor engine = new EngineDescriptor(uniqueId, "perf-suite scenario selection");
    // The default selection, every scenario, adds no check: the main job's reports then list
    // scenarios only, and a catalogue without scenarios is no typo of a selection.
    Optional<String> groups = request.getConfigurationParameters().get(EmptySelection.GROUPS)
        .filter(g -> !g.isBlank() && !g.strip().equals(EmptySelection.SCENARIO_TAG));
    groups.ifPresent(g -> {
      // A class and a method, as surefire reports a test only inside a class it started.
      Suite suite = new Suite(uniqueId.append("suite", "selection"), g);
      suite.addChild(new Check(suite.getUniqueId().append("check", "selection"), g));
      engine.addChild(suite);
    });
    return engine;
  }

  @Override
  public void execute(ExecutionRequest request) {
    TestDescriptor engine = request.getRootTestDescriptor();
    EngineExecutionListener listener = request.getEngineExecutionListener();
    listener.executionStarted(engine);
    for (TestDescriptor suite : engine.getChildren()) {
      listener.executionStarted(suite);
      for (TestDescriptor child : suite.getChildren()) {
        listener.executionStarted(child);
        Integer scenarios = request.getStore().get(ScenarioSelection.namespace(),
            ScenarioSelection.SCENARIO_CLASSES, Integer.class);
        String groups = ((Check) child).groups;
        listener.executionFinished(child, scenarios == null || scenarios > 0
            ? TestExecutionResult.successful()
            : TestExecutionResult.failed(new AssertionError(EmptySelection.message(groups,
                EmptySelection.scenarioTagsOnClasspath()))));
      }
      listener.executionFinished(suite, TestExecutionResult.successful());
    }
    listener.executionFinished(engine, TestExecutionResult.successful());
  }

  /** True for the check's own test, which {@link ScenarioSelection} must not count. */
  static boolean owns(TestIdentifier node) {
    return node.getUniqueIdObject().getEngineId().filter(ID::equals).isPresent();
  }

  /** The tags {@code groups} names without negation: {@code sunbird & !slow} names sunbird. */
  static Set<String> namedTags(String groups) {
    Set<String> tags = new LinkedHashSet<>();
    Matcher m = TAG.matcher(groups);
    while (m.find()) {
      if (m.group(1) == null && TestTag.isValid(m.group(2))) {
        tags.add(m.group(2));
      }
    }
    return tags;
  }

  /** The tags of the check: those the selection names, so that it keeps the check. */
  private static Set<TestTag> tags(String groups) {
    Set<TestTag> tags = new LinkedHashSet<>();
    namedTags(groups).forEach(t -> tags.add(TestTag.create(t)));
    return tags;
  }

  /** The check's class, as reports name it. */
  private static final class Suite extends AbstractTestDescriptor {
    private final String groups;

    Suite(UniqueId id, String groups) {
      super(id, "perf-suite scenario selection", ClassSource.from(SelectionCheckEngine.class));
      this.groups = groups.strip();
    }

    @Override
    public Type getType() {
      return Type.CONTAINER;
    }

    @Override
    public Set<TestTag> getTags() {
      return tags(groups);
    }
  }

  /** The one test: the selection holds at least one scenario class. */
  private static final class Check extends AbstractTestDescriptor {
    private final String groups;

    Check(UniqueId id, String groups) {
      super(id, "scenario selection " + EmptySelection.GROUPS + "=" + groups.strip(),
          MethodSource.from(SelectionCheckEngine.class.getName(), "selectsAScenario"));
      this.groups = groups.strip();
    }

    @Override
    public Type getType() {
      return Type.TEST;
    }

    @Override
    public Set<TestTag> getTags() {
      return tags(groups);
    }
  }
}
