package dev.perfsuite.junit;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.history.HistoryOutcome;
import dev.perfsuite.reporting.AllureReport;
import dev.perfsuite.reporting.AllureRunReport;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.verdict.RunVerdict;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A report made after a run's results (history row, verdict.json) are kept. The run is measured
 * and judged without it, so its failure is a named warning, never a lost run.
 *
 * @param name what the report is, as its warning names it
 * @param make makes the report; returns warnings about parts it could not make
 */
record OptionalReport(String name,
    BiFunction<RunResult, HistoryOutcome, List<String>> make) {
  private static final Logger LOG = LoggerFactory.getLogger(OptionalReport.class);

  /**
   * The run on the current test's Allure result: parameters, summary, charts, JTL, JMeter
   * dashboard, saturation warnings, regression table and trend chart.
   *
   * @param provider the backend provider's name, asked for when the report is made
   */
  static OptionalReport allure(PerfConfig config, Supplier<String> provider) {
    return new OptionalReport("Allure report", (result, history) -> {
      List<String> warnings = AllureRunReport.scenario(result, config, provider.get());
      // A saturated generator offered less load than planned: on the overview even if it passed.
      AllureReport.saturationWarnings(result.warnings());
      AllureReport.table("Regression verdict: " + result.scenario(), history.verdict().html());
      AllureReport.png("Trend: " + result.scenario(), history.trendPng());
      if (config.history().regression() == RegressionMode.WARN
          && history.verdict().regressed()) {
        // A passing test with a status message: the overview's categories list it (warn mode).
        AllureReport.warning(history.verdict().headline() + " (perf.regression=warn)");
      }
      return warnings;
    });
  }

  /** Makes every report of the verdict's run; returns the verdict with their warnings. */
  static RunVerdict makeAll(List<OptionalReport> reports, RunVerdict verdict,
      HistoryOutcome history) {
    RunVerdict reported = verdict;
    for (OptionalReport report : reports) {
      for (String warning : report.makeOrWarn(verdict.result(), history)) {
        reported = reported.withReportWarning(warning);
      }
    }
    return reported;
  }

  /**
   * Makes the report; returns its warnings, or one naming the report and its failure when it
   * threw. An {@link OutOfMemoryError} is caught on purpose: a report's own large buffers
   * (a dashboard, a chart) are garbage once it has failed, and the run's results are already kept.
   */
  List<String> makeOrWarn(RunResult result, HistoryOutcome history) {
    try {
      return make.apply(result, history);
    } catch (RuntimeException | OutOfMemoryError e) {
      String warning = "report not made: " + name + " of " + result.scenario() + ": " + e;
      LOG.warn(warning);
      LOG.debug("report failed", e);
      return List.of(warning);
    }
  }
}
