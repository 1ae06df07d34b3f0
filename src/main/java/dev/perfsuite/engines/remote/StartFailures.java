package dev.perfsuite.engines.remote;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.engine.JMeterEngine;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jorphan.collections.HashTree;

/**
 * The engines of one distributed run that refused to start their test, each with its exception. The
 * exception is the one JMeter's controller got: a class missing on the engine while it reads the
 * tree in {@code rconfigure()}, or a failure in {@code rsetProperties()} or {@code rrunTest()}.
 *
 * <p>JMeter's {@code DistributedRunner} only logs such an engine and the DSL then waits for its
 * end of test forever; recording it lets the run fail at the next watchdog poll instead of after
 * the start grace.
 */
final class StartFailures {
  private static final Pattern STEP = Pattern.compile("Error in (\\w+\\(\\)) method");

  private final Map<String, Throwable> failures = new LinkedHashMap<>();
  private final CommonStart start;

  StartFailures() {
    this(new CommonStart());
  }

  /** Failures of engines that {@code start} starts together. */
  StartFailures(CommonStart start) {
    this.start = start;
  }

  /** The run's common start of its engines. */
  CommonStart start() {
    return start;
  }

  /**
   * {@code engine} wrapped so that a failure to start its test is recorded here, then rethrown;
   * its test starts with the other engines' ({@link CommonStart}).
   */
  JMeterEngine recording(String engine, JMeterEngine delegate) {
    start.register(engine, delegate);
    return new Recording(engine, delegate);
  }

  /** Keeps {@code engine}'s first start failure. */
  synchronized void record(String engine, Throwable failure) {
    failures.putIfAbsent(engine, failure);
  }

  /** True when {@code engine} failed to start its test. */
  synchronized boolean contains(String engine) {
    return failures.containsKey(engine);
  }

  /** The run's failure message naming each engine, its cause and a fix; empty when none. */
  synchronized Optional<String> failure() {
    if (failures.isEmpty()) {
      return Optional.empty();
    }
    List<String> reasons = new ArrayList<>();
    failures.forEach((engine, failure) -> reasons.add(describe(engine, failure)));
    return Optional.of(String.join("; ", reasons) + "; the other engines were stopped and the "
        + "results gathered so far are kept");
  }

  /** One engine's start failure: the step, the engine's root cause and what to do about it. */
  static String describe(String engine, Throwable failure) {
    Throwable root = failure;
    // Bounded: a cause chain can loop through more than one exception.
    for (int depth = 0; depth < 32 && root.getCause() != null && root.getCause() != root;
        depth++) {
      root = root.getCause();
    }
    // The innermost step: a tree refused at the run call names rconfigure() inside rrunTest().
    Matcher step = STEP.matcher(String.valueOf(failure.getMessage()));
    String where = "";
    while (step.find()) {
      where = " in " + step.group(1);
    }
    String fix = root instanceof ClassNotFoundException
        ? "Fix: put the jar holding " + missingClass(root) + " on the engine's class path "
            + "(the engine's --classpath option or its image), or let the suite ship it "
            + "(a plugin the suite fetched: perf.jmx.plugins)"
        : "Fix: see the engine's log for the full error, correct the plan or the engine and "
            + "run again";
    return "remote engine " + engine + " could not start the test" + where + ": " + root
        + ". " + fix;
  }

  /** The class name alone: RMI appends why it did not try to load the class remotely. */
  private static String missingClass(Throwable notFound) {
    String message = String.valueOf(notFound.getMessage());
    int note = message.indexOf(' ');
    return note < 0 ? message : message.substring(0, note);
  }

  /** Delegates to JMeter's client engine; records what its {@code runTest} throws. */
  private final class Recording implements JMeterEngine {
    private final String engine;
    private final JMeterEngine delegate;

    Recording(String engine, JMeterEngine delegate) {
      this.engine = engine;
      this.delegate = delegate;
    }

    @Override
    public void configure(HashTree testPlan) {
      delegate.configure(testPlan);
    }

    /** Starts every engine's test at the first call, and waits for this engine's start. */
    @Override
    public void runTest() throws JMeterEngineException {
      try {
        start.runTest(engine);
      } catch (JMeterEngineException | RuntimeException e) {
        record(engine, e);
        throw e;
      }
    }

    @Override
    public void stopTest(boolean now) {
      delegate.stopTest(now);
    }

    @Override
    public void reset() {
      delegate.reset();
    }

    @Override
    public void setProperties(Properties p) {
      delegate.setProperties(p);
    }

    @Override
    public void exit() {
      delegate.exit();
    }

    @Override
    public boolean isActive() {
      return delegate.isActive();
    }
  }
}
