package dev.perfsuite.verdict;

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
 * regression verdict and the latency rule that stopped it, if any.
 *
 * @param result the run
 * @param profile the load profile the run was planned with
 * @param slas every SLA verdict judged on the run, in judging order; empty before any
 * @param regression the comparison with the baseline, empty when none was made
 * @param regressionMode what {@code perf.regression} does with a regression
 * @param breach the {@code perf.abort.latency} rule that stopped the run, if one did
 */
public record RunVerdict(RunResult result, LoadProfile profile, List<SlaVerdict> slas,
    Optional<RegressionVerdict> regression, RegressionMode regressionMode,
    Optional<LatencyBreach> breach) {

  /** Copies the SLA verdicts. */
  public RunVerdict {
    slas = List.copyOf(slas);
  }

  /** A run as it ended, before any SLA verdict. */
  public static RunVerdict of(RunResult result, LoadProfile profile,
      Optional<RegressionVerdict> regression, RegressionMode mode,
      Optional<LatencyBreach> breach) {
    return new RunVerdict(result, profile, List.of(), regression, mode, breach);
  }

  /** The same run with one more SLA verdict. */
  public RunVerdict with(SlaVerdict sla) {
    List<SlaVerdict> all = new ArrayList<>(slas);
    all.add(sla);
    return new RunVerdict(result, profile, all, regression, regressionMode, breach);
  }

  /**
   * The run's outcome: {@link Outcome#STOPPED} when it ended before its profile did,
   * {@link Outcome#FAILED} when a threshold failed or a regression fails the test
   * ({@code perf.regression=fail}), else {@link Outcome#PASSED}.
   */
  public Outcome outcome() {
    if (result.interrupted()) {
      return Outcome.STOPPED;
    }
    boolean slaFailed = slas.stream().anyMatch(v -> !v.passed());
    boolean regressed = regressionMode == RegressionMode.FAIL
        && regression.map(RegressionVerdict::regressed).orElse(false);
    return slaFailed || regressed ? Outcome.FAILED : Outcome.PASSED;
  }

  /** Why the run stopped early, in words; empty when it ran to its end. */
  public Optional<String> stopReason() {
    return result.stop().map(StopReason::message);
  }

  /** How a run ended, as verdict.json's {@code outcome} spells it. */
  public enum Outcome {
    /** Nothing judged so far failed. */
    PASSED,
    /** A threshold failed, or a regression under {@code perf.regression=fail}. */
    FAILED,
    /** The run ended before its profile: an abort rule, the watchdog or an interruption. */
    STOPPED;

    /** Lower case, as written in verdict.json. */
    public String json() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
