package dev.perfsuite.engines;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.engine.StandardJMeterEngine;
import us.abstracta.jmeter.javadsl.core.DslJmeterEngine;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * How one kind of JMeter engine takes part in a run; the skeleton every engine shares (results
 * directory, recorder, watchers, watchdog) is {@link RunExecution}.
 */
public interface EngineDriver {

  /** How many JMeter engines generate load. */
  int engines();

  /** The profile each engine's thread group runs, given the profile of the whole run. */
  default LoadProfile perEngine(LoadProfile whole) {
    return whole;
  }

  /** The elements each engine runs of a plan with its own thread groups (see UserSplit). */
  default List<TestPlanChild> perEngine(String scenario, List<TestPlanChild> planElements) {
    return planElements;
  }

  /** The test-plan element that records samples into {@code recorder}. */
  default TestPlanChild recorderListener(SampleRecorder recorder, RunContext run) {
    return recorder.listener();
  }

  /**
   * Brings in what the engines still hold once the load is over (final snapshots, JTLs) before
   * the results are computed; returns warnings for the reader.
   */
  default List<String> gather(SampleRecorder recorder) {
    return List.of();
  }

  /**
   * Warnings that the generator was saturated in the measurement phase ({@link Saturation}), per
   * engine where the driver can tell.
   */
  default List<String> saturation(LoadProfile profile, LabelSummary measured) {
    return Saturation.check(profile, measured, "").stream().toList();
  }

  /** Checks the built plan before any load; throws naming what cannot run and the fix. */
  default void check(DslTestPlan plan) {
  }

  /** The JMeter engine the plan runs in; called once per run. */
  DslJmeterEngine jmeter();

  /** A reason to stop the run now, such as an engine gone silent; polled about every second. */
  default Optional<String> failure() {
    return Optional.empty();
  }

  /** Observers the driver itself needs, such as a per-engine breakdown. */
  default List<SampleObserver> observers() {
    return List.of();
  }

  /** Measurement-phase overall summary per engine, empty for a single engine. */
  default Map<String, LabelSummary> engineSummaries() {
    return Map.of();
  }

  /**
   * What the run delivered short of its plan, such as an engine that sampled less than its share.
   * Asked once when a run ended on its own; present fails the verdict like an interrupted run.
   */
  default Optional<String> shortfall() {
    return Optional.empty();
  }

  /**
   * A signal (SIGINT, SIGTERM) ends the run; returns how long to wait for its end after the stop.
   *
   * <p>Called before {@link #stopNow}. The JVM is going down ({@code docker stop} gives 10 s):
   * a distributed run waits briefly everywhere. In one JVM the samplers stop within the default
   * 30 s, which keeps every sample out of the JTL once the summary is taken.
   */
  default Duration signalled() {
    return Duration.ofSeconds(30);
  }

  /** Stops the engine now; the run's worker then returns. */
  default void stopNow() {
    StandardJMeterEngine.stopEngineNow();
  }
}
