package dev.perfsuite.engines;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslJmeterEngine;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * Runs plans on jmeter-java-dsl's embedded JMeter engine, in a worker thread the caller can
 * interrupt. A watchdog stops a run overrunning its planned duration.
 */
final class EmbeddedEngine implements LoadEngine, EngineDriver {
  private final RunExecution execution;
  /** The run's settings of a configuration; empty reads this JVM's at each run's start. */
  private final Optional<RunSettings> settings;

  EmbeddedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers) {
    this(resultsDir, connectTimeout, responseTimeout, watchers, Optional.empty());
  }

  EmbeddedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, Optional<RunSettings> settings) {
    this.execution = new RunExecution(resultsDir, connectTimeout, responseTimeout, watchers);
    this.settings = settings;
  }

  @Override
  public RunResult run(LoadPlan plan) {
    RunSettings run = RunExecution.settingsOf(settings);
    GeneratorSettings.checkBeforeLoad(plan.profile(), run);
    return execution.run(plan, this, run);
  }

  @Override
  public int engines() {
    return 1;
  }

  @Override
  public DslJmeterEngine jmeter() {
    return RunExecution.tuned(new WithoutDslStatistics());
  }

  /**
   * The DSL's engine without its own statistics collector and console summariser. The suite keeps
   * exact statistics of its own, and the DSL's P² estimates, never read, cost the most contended
   * lock on the sample path, under one global monitor (docs/performance.md, "Figures behind design
   * choices"); the summariser's lines, which the progress line replaces, take another global lock
   * per sample.
   */
  static class WithoutDslStatistics extends EmbeddedJmeterEngine {
    @Override
    public TestPlanStats run(DslTestPlan testPlan) throws IOException {
      // The DSL's own run prepares its environment unguarded: see JmeterHome.
      return runInEnv(testPlan, JmeterHome.prepare());
    }

    @Override
    protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
      // Intentionally empty: see the class comment.
    }

    @Override
    protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree,
        TestStopper testStopper) {
      dropSummariser(testPlanTree);
      return super.buildTestRunner(testPlanTree, rootTree, testStopper);
    }
  }

  /**
   * Removes the {@code ResultCollector(new Summariser())} the DSL's engine adds under the test
   * plan. It is a collector of JMeter's own class with neither a name nor a file, which a plan's
   * own listeners (a JMX's, the DSL's) always have.
   */
  static void dropSummariser(HashTree testPlanTree) {
    for (Object element : new ArrayList<>(testPlanTree.list())) {
      if (element instanceof ResultCollector collector
          && collector.getClass() == ResultCollector.class
          && collector.getFilename().isEmpty() && collector.getName().isEmpty()) {
        testPlanTree.remove(element);
      }
    }
  }
}
