package dev.perfsuite.jmx;

import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs one JMX plan as a scenario of a session: load, report its changes, run, judge its SLA. */
public final class JmxRun {
  private static final Logger LOG = LoggerFactory.getLogger(JmxRun.class);

  private JmxRun() {
  }

  /**
   * Loads {@code jmx} with the session's keys and profile, runs it on the configured engine
   * (results under {@code <perf.results-dir>/<file name>/}) and asserts its SLA.
   *
   * @throws JmxException before any load when the plan cannot run as it is
   */
  public static RunResult run(PerfSession perf, Path jmx) {
    ImportedPlan imported = JmxPlans.load(jmx, perf);
    return run(perf, imported);
  }

  /** Runs an already loaded plan and asserts its SLA. */
  public static RunResult run(PerfSession perf, ImportedPlan imported) {
    LOG.info("JMX {}", imported.source());
    for (String note : imported.notes()) {
      if (note.startsWith(ImportedPlan.WARNING)) {
        // The user must act on these (a path fallen back, a property unset).
        LOG.warn("JMX {}: {}", imported.source().getFileName(),
            note.substring(ImportedPlan.WARNING.length()));
      } else {
        LOG.info("  {}", note);
      }
    }
    LOG.info("  SLA: {}", imported.slaSource());
    perf.parameter("jmx", imported.source().toString().replace('\\', '/'));
    perf.parameter("sla", imported.slaSource());
    if (!imported.notes().isEmpty()) {
      StringBuilder html = new StringBuilder("<ul>");
      imported.notes().forEach(n -> html.append("<li>").append(escape(n)).append("</li>"));
      AllureReport.table("JMX plan changes: " + imported.plan().scenario(),
          html.append("</ul>").toString());
    }
    RunResult result = imported.withClassLoader(() -> perf.run(imported.plan(),
        imported.primer()));
    imported.judge(perf, result);
    return result;
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
