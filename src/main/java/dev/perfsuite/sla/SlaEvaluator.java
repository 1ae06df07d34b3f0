package dev.perfsuite.sla;

import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** Computes the actual value and detail of each threshold on a run's measurement phase. */
final class SlaEvaluator {

  static final String NO_SAMPLES = "no samples in the measurement phase";

  private SlaEvaluator() {
  }

  static SlaVerdict evaluate(Sla sla, RunResult run) {
    Objects.requireNonNull(run, "run");
    if (sla.thresholds().isEmpty()) {
      throw new IllegalStateException("the SLA has no threshold and would pass any run;"
          + " add one, e.g. Sla.overall().p99Below(Duration.ofMillis(500))");
    }
    List<ThresholdResult> results = new ArrayList<>();
    boolean completionDeclared = sla.thresholds().stream()
        .anyMatch(t -> t.metric() == Metric.RUN_COMPLETED);
    // First, because every other row of an interrupted run describes a partial run.
    if (run.interrupted() && !completionDeclared) {
      results.add(evaluate(Threshold.runCompleted(), run));
    }
    for (Threshold threshold : sla.thresholds()) {
      results.add(evaluate(threshold, run));
    }
    // Last: the figures above are exact (in-memory statistics); the files are not whole.
    run.incompleteResults().ifPresent(why -> results.add(new ThresholdResult(
        new Threshold(LabelSummary.OVERALL, Metric.RESULTS_COMPLETE, 1), 0, false, why)));
    return new SlaVerdict(results);
  }

  private static ThresholdResult evaluate(Threshold threshold, RunResult run) {
    if (threshold.metric() == Metric.RUN_COMPLETED) {
      return run.interrupted()
          ? new ThresholdResult(threshold, 0, false, "stopped before the load profile ended"
              + run.stop().filter(s -> s.kind() == StopReason.Kind.RULE
                  || s.kind() == StopReason.Kind.ENGINE)
                  .map(s -> " (" + s.warning() + ")").orElse("")
              + "; every other row covers a partial run")
          : new ThresholdResult(threshold, 1, true, "the load profile ran to its end");
    }
    Optional<LabelSummary> measured = run.summary(threshold.scope(), Phase.MEASUREMENT)
        .filter(s -> s.samples() > 0);
    if (measured.isEmpty()) {
      double actual = threshold.metric() == Metric.SAMPLES ? 0 : Double.NaN;
      return new ThresholdResult(threshold, actual, false, noSamples(threshold.scope(), run));
    }
    LabelSummary summary = measured.get();
    double actual = actual(threshold.metric(), summary, run);
    return new ThresholdResult(threshold, actual, threshold.accepts(actual),
        detail(threshold.metric(), summary, run));
  }

  private static String noSamples(String scope, RunResult run) {
    Optional<LabelSummary> warmUp = run.summary(scope, Phase.WARM_UP).filter(s -> s.samples() > 0);
    if (warmUp.isPresent()) {
      return NO_SAMPLES + " (" + warmUp.get().samples() + " in warm-up only)";
    }
    if (!scope.equals(LabelSummary.OVERALL) && !run.labels().contains(scope)) {
      // A typo in the label is the usual cause, so show what the run did sample.
      return NO_SAMPLES + " (label never sampled; labels seen: " + run.labels() + ")";
    }
    return NO_SAMPLES;
  }

  private static double actual(Metric metric, LabelSummary summary, RunResult run) {
    return switch (metric) {
      case P50 -> summary.judged(run.judged()).p50();
      case P90 -> summary.judged(run.judged()).p90();
      case P95 -> summary.judged(run.judged()).p95();
      case P99 -> summary.judged(run.judged()).p99();
      case MEAN -> summary.judged(run.judged()).mean();
      case ERROR_PERCENT -> summary.errorPercent();
      case THROUGHPUT -> summary.throughput();
      case LITTLES_LAW_GAP -> littlesLawGap(summary, run);
      case SAMPLES -> summary.samples();
      case RUN_COMPLETED, RESULTS_COMPLETE ->
          throw new AssertionError("judged before the summary lookup");
    };
  }

  /** |X * (R + Z) / 1000 - N| / N * 100, NaN when the users are unknown. */
  static double littlesLawGap(LabelSummary summary, RunResult run) {
    if (run.users() <= 0) {
      return Double.NaN;
    }
    double inSystem = usersInSystem(summary, run);
    return Math.abs(inSystem - run.users()) / run.users() * 100.0;
  }

  private static double usersInSystem(LabelSummary summary, RunResult run) {
    return summary.throughput() * (summary.latency().mean() + thinkMillis(run)) / 1000.0;
  }

  private static double thinkMillis(RunResult run) {
    return run.thinkTime() == null ? 0 : run.thinkTime().toNanos() / 1_000_000.0;
  }

  private static String detail(Metric metric, LabelSummary summary, RunResult run) {
    return switch (metric) {
      case P50, P90, P95, P99, MEAN -> summary.samples() + " samples, "
          + judgedFigure(summary, run);
      case ERROR_PERCENT -> errorDetail(summary);
      case THROUGHPUT -> summary.samples() + " samples over "
          + Metric.number(summary.spanMillis() / 1000.0) + " s";
      case LITTLES_LAW_GAP -> littlesLawDetail(summary, run);
      case SAMPLES -> run.summary(summary.label(), Phase.WARM_UP)
          .filter(s -> s.samples() > 0)
          .map(s -> "excluding " + s.samples() + " warm-up samples")
          .orElse("");
      case RUN_COMPLETED, RESULTS_COMPLETE -> "";
    };
  }

  /** Which latency the row judged, and the other one beside it when they differ. */
  private static String judgedFigure(LabelSummary summary, RunResult run) {
    boolean service = run.judged() == LatencyFigure.SERVICE;
    String judged = service ? "service time (perf.sla.latency=service)" : "response time";
    if (summary.response().p99() == summary.service().p99()) {
      return judged;
    }
    return judged + "; p99 " + (service ? "response" : "service") + " time "
        + (service ? summary.response().p99() : summary.service().p99()) + " ms";
  }

  private static String littlesLawDetail(LabelSummary summary, RunResult run) {
    if (run.users() <= 0) {
      return "users unknown (" + run.users() + "), so there is nothing to compare against";
    }
    return "X * (R + Z) = " + Metric.number(summary.throughput()) + " req/s * ("
        + Metric.number(summary.latency().mean()) + " ms + " + Metric.number(thinkMillis(run))
        + " ms think) / 1000 = " + Metric.number(usersInSystem(summary, run))
        + " vs " + run.users() + " users";
  }

  /**
   * Names the error causes, most frequent first, with the HTTP status codes after the cause they
   * explain. For example {@code 50 of 1000 failed: CONNECT 40, HTTP_STATUS 10 (503 x10)}.
   */
  static String errorDetail(LabelSummary summary) {
    if (summary.errors() == 0) {
      return "no errors";
    }
    String head = summary.errors() + " of " + summary.samples() + " failed: ";
    if (summary.errorsByCause().isEmpty() && summary.errorsByStatus().isEmpty()) {
      return head + "cause not recorded";
    }
    Map<ErrorCause, List<Map.Entry<String, Long>>> statusesByCause = new LinkedHashMap<>();
    List<Map.Entry<String, Long>> unattached = new ArrayList<>();
    for (Map.Entry<String, Long> status : byCountDescending(summary.errorsByStatus())) {
      ErrorCause cause = causeOfStatus(status.getKey());
      if (cause != null && summary.errorsByCause().containsKey(cause)) {
        statusesByCause.computeIfAbsent(cause, c -> new ArrayList<>()).add(status);
      } else {
        unattached.add(status);
      }
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<ErrorCause, Long> cause : byCountDescending(summary.errorsByCause())) {
      String part = cause.getKey().name() + " " + cause.getValue();
      List<Map.Entry<String, Long>> statuses = statusesByCause.get(cause.getKey());
      parts.add(statuses == null ? part : part + " (" + statuses(statuses) + ")");
    }
    if (!unattached.isEmpty()) {
      parts.add("status " + statuses(unattached));
    }
    return head + String.join(", ", parts);
  }

  /** 4xx and 5xx fail as HTTP_STATUS; a failed 2xx or 3xx can only be a rejected assertion. */
  private static ErrorCause causeOfStatus(String status) {
    try {
      return Integer.parseInt(status.trim()) >= 400 ? ErrorCause.HTTP_STATUS : ErrorCause.ASSERTION;
    } catch (NumberFormatException notNumeric) {
      return null;
    }
  }

  private static String statuses(List<Map.Entry<String, Long>> statuses) {
    return statuses.stream()
        .map(e -> e.getKey() + " x" + e.getValue())
        .collect(Collectors.joining(", "));
  }

  private static <K extends Comparable<K>> List<Map.Entry<K, Long>> byCountDescending(
      Map<K, Long> counts) {
    return counts.entrySet().stream()
        .sorted(Map.Entry.<K, Long>comparingByValue(Comparator.reverseOrder())
            .thenComparing(Map.Entry.comparingByKey()))
        .toList();
  }
}
