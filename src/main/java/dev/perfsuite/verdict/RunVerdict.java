package dev.perfsuite.verdict;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.engines.LatencyBreach;
import dev.perfsuite.history.RegressionVerdict;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import dev.perfsuite.sla.SlaVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Everything judged about one run so far. It holds its result, the SLA verdicts given on it, the
 * regression verdict, the latency rule that stopped it, the scenario's failure and the reports
 * that could not be made.
 *
 * @param result the run
 * @param profile the load profile the run was planned with
 * @param slas every SLA verdict judged on the run, in judging order; empty before any
 * @param regression the comparison with the baseline, empty when none was made
 * @param regressionMode what {@code perf.regression} does with a regression
 * @param breach the {@code perf.abort.latency} rule that stopped the run, if one did
 * @param failure what the scenario threw after the run (its type and message), empty while it has
 *     not thrown
 * @param reportWarnings a named warning per optional report (Allure, JMeter dashboard, charts)
 *     that failed; the run's own warnings stay in {@link RunResult#warnings()}
 */
public record RunVerdict(RunResult result, LoadProfile profile, List<SlaVerdict> slas,
    Optional<RegressionVerdict> regression, RegressionMode regressionMode,
    Optional<LatencyBreach> breach, Optional<String> failure, List<String> reportWarnings) {

  /** Copies the SLA verdicts and warnings. */
  public RunVerdict {
    slas = List.copyOf(slas);
    reportWarnings = List.copyOf(reportWarnings);
  }

  /** A run as it ended, before any SLA verdict. */
  public static RunVerdict of(RunResult result, LoadProfile profile,
      Optional<RegressionVerdict> regression, RegressionMode mode,
      Optional<LatencyBreach> breach) {
    return new RunVerdict(result, profile, List.of(), regression, mode, breach, Optional.empty(),
        List.of());
  }

  /** The same run with one more SLA verdict. */
  public RunVerdict with(SlaVerdict sla) {
    List<SlaVerdict> all = new ArrayList<>(slas);
    all.add(sla);
    return new RunVerdict(result, profile, all, regression, regressionMode, breach, failure,
        reportWarnings);
  }

  /**
   * The same run, failed by what its scenario threw; the first failure is kept, as later ones
   * are usually its consequences.
   */
  public RunVerdict failedBy(Throwable cause) {
    if (failure.isPresent()) {
      return this;
    }
    String message = cause.getMessage();
    String text = cause.getClass().getName() + (message == null || message.isBlank() ? ""
        : ": " + message.strip());
    // An exception's message may quote a header or a URL with a secret in it.
    return new RunVerdict(result, profile, slas, regression, regressionMode, breach,
        Optional.of(Secrets.mask(text)), reportWarnings);
  }

  /** The same run with one more warning about a report that could not be made. */
  public RunVerdict withReportWarning(String warning) {
    List<String> all = new ArrayList<>(reportWarnings);
    all.add(warning);
    return new RunVerdict(result, profile, slas, regression, regressionMode, breach, failure,
        all);
  }

  /** True when at least one SLA was judged on the run. */
  public boolean judged() {
    return !slas.isEmpty();
  }

  /**
   * The run's outcome. {@link Outcome#STOPPED} when it ended before its profile did;
   * {@link Outcome#FAILED} when the scenario threw, a threshold failed or a regression fails the
   * test ({@code perf.regression=fail}); {@link Outcome#NOT_JUDGED} while no SLA was judged;
   * {@link Outcome#PASSED} only when every threshold judged passed.
   */
  public Outcome outcome() {
    if (result.interrupted()) {
      return Outcome.STOPPED;
    }
    boolean slaFailed = slas.stream().anyMatch(v -> !v.passed());
    boolean regressed = regressionMode == RegressionMode.FAIL
        && regression.map(RegressionVerdict::regressed).orElse(false);
    if (failure.isPresent() || slaFailed || regressed) {
      return Outcome.FAILED;
    }
    return judged() ? Outcome.PASSED : Outcome.NOT_JUDGED;
  }

  /** Why the run stopped early, in words; empty when it ran to its end. */
  public Optional<String> stopReason() {
    return result.stop().map(StopReason::message);
  }

  /** How a run ended, as verdict.json's {@code outcome} spells it. */
  public enum Outcome {
    /** An SLA was judged and every threshold passed; no regression fails the run. */
    PASSED,
    /**
     * The scenario threw, a threshold failed, or a regression under {@code perf.regression=fail}.
     */
    FAILED,
    /** The run ended before its profile: an abort rule, the watchdog or an interruption. */
    STOPPED,
    /** No SLA was judged on the run (yet): it ran to its end and nothing failed it. */
    NOT_JUDGED;

    /** Lower case with hyphens, as written in verdict.json: {@code not-judged}. */
    public String json() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }
}
