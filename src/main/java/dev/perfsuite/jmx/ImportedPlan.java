package dev.perfsuite.jmx;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.plugins.PluginFunctions;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A JMX plan made ready for the suite's engines.
 *
 * @param source the JMX file (for a converted class, the JMX saved from its DSL plan)
 * @param plan what the engine runs; its scenario names the results directory
 * @param sla the sidecar's thresholds, or the default (errors below a limit, every label present)
 * @param slaSource where the SLA came from, for the report
 * @param labels sampler and transaction labels the plan names (without {@code ${...}} ones)
 * @param notes one line per change made to the plan (disabled listeners, resolved paths, ...)
 * @param primer what primes a cold JVM before the run: fresh copies of the plan's elements under
 *     a bounded thread group; empty when the plan is not primed (plan-driven without
 *     {@code perf.prime})
 * @param classLoader what the plan's scripts and Java samplers load classes with: the suite's,
 *     plus the jars of {@code perf.jmx.classpath}
 * @param structure the default verdict read through the plan's transactions, judged with
 *     {@code sla}; empty when an SLA file sets the verdict
 * @param baseDirectory JMeter's base directory for relative files while the plan runs: the JMX
 *     file's folder (as {@code jmeter -n -t} sets it), the working directory for a DSL plan
 */
public record ImportedPlan(Path source, LoadPlan plan, Sla sla, String slaSource,
    List<String> labels, List<String> notes, Optional<LoadPlan> primer,
    ClassLoader classLoader, Optional<PlanVerdict> structure, Path baseDirectory) {
  /**
   * Starts a note the user must act on, such as a path fallen back or a property unset. The run
   * logs it as a warning ({@link JmxRun}); reports show it with this mark.
   */
  static final String WARNING = "WARNING: ";
  private static final Logger LOG = LoggerFactory.getLogger(ImportedPlan.class);

  public ImportedPlan {
    labels = List.copyOf(labels);
    notes = List.copyOf(notes);
  }

  /**
   * Runs {@code run} (the load of this plan) with {@link #classLoader} as the thread's context
   * class loader. JMeter's threads inherit it, so scripts (Groovy compiles against it) and Java
   * samplers see the jars of {@code perf.jmx.classpath}; the plan's plugin functions are JMeter's
   * for that time only, and a distributed run ships its plugin jars to the engines. JMeter's base
   * directory is {@link #baseDirectory} meanwhile, so paths built at run time resolve there.
   */
  public <T> T withClassLoader(Supplier<T> run) {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(classLoader);
    // The scopes are only held: the plan's functions are JMeter's and its folder JMeter's base
    // directory until the run returns.
    try (PluginFunctions held = PluginFunctions.register(classLoader);
        PlanBase base = PlanBase.of(baseDirectory)) {
      return run.get();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  /**
   * Judges {@code result} without reporting the SLA verdict: the SLA, then the plan's structural
   * default verdict.
   *
   * @throws AssertionError naming every breach
   */
  public void judge(RunResult result) {
    judge(sla.evaluate(result), result);
  }

  /**
   * As {@link #judge(RunResult)}, with the SLA judged by {@code perf}, which reports the verdict.
   *
   * @throws AssertionError naming every breach
   */
  public void judge(PerfSession perf, RunResult result) {
    judge(perf.judge(sla, result), result);
  }

  private void judge(SlaVerdict verdict, RunResult result) {
    List<String> failures = structure.map(s -> s.failures(result)).orElse(List.of());
    if (!failures.isEmpty()) {
      StringBuilder html = new StringBuilder("<ul>");
      failures.forEach(f -> html.append("<li>").append(f.replace("&", "&amp;")
          .replace("<", "&lt;")).append("</li>"));
      AllureReport.table("Plan verdict: " + plan.scenario(), html.append("</ul>").toString());
      LOG.warn("plan verdict of {}: FAILED: {}", plan.scenario(), String.join("; ", failures));
    }
    verdict.assertPassed();
    if (!failures.isEmpty()) {
      throw new AssertionError(plan.scenario() + " failed its default verdict ("
          + slaSource + "):\n  " + String.join("\n  ", failures));
    }
  }
}
