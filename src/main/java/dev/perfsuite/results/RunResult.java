package dev.perfsuite.results;

import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.users.StartReport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one load run produced: per-label summaries for both phases, plus the context a verdict
 * needs to interpret them.
 *
 * @param scenario the scenario name, used for directories and report titles
 * @param users the configured concurrency (closed model) or the thread cap (open model)
 * @param thinkTime the pause each thread takes per sample, {@link Duration#ZERO} for none
 * @param warmUp the warm-up window measured from the start of the load
 * @param summaries one summary per label and phase, including {@link LabelSummary#OVERALL}
 * @param warnings things a reader must know that do not fail a verdict by themselves
 * @param directory where the JTL and summary files of this run were written
 * @param stop why the run ended before its profile did, empty when it ran to its end
 * @param timeline the run cut into windows per label, for charts and per-window statistics
 * @param engines measurement-phase overall summary per remote engine ({@code host:port}); empty
 *     when the run used one engine
 * @param judged which latency verdicts judge ({@code perf.sla.latency}): response time unless
 *     the run asks for service time
 * @param starts how fast each of the suite's user groups started its users in this JVM, in the
 *     order they finished starting; empty when the users ran on remote engines or in a plan's
 *     own (JMeter) thread groups
 * @param origin the instant from which the phases were measured (the test's start, or the first
 *     sample under {@code perf.warm-up.origin=first-sample}); empty when the test never started
 */
public record RunResult(
    String scenario, int users, Duration thinkTime, Duration warmUp,
    List<LabelSummary> summaries, List<String> warnings, Path directory,
    Optional<StopReason> stop, Timeline timeline, Map<String, LabelSummary> engines,
    LatencyFigure judged, List<StartReport> starts, Optional<Instant> origin) {

  /** How a warning saying that results files lack part of the run begins. */
  public static final String INCOMPLETE = "results incomplete: ";

  public RunResult {
    summaries = List.copyOf(summaries);
    warnings = List.copyOf(warnings);
    engines = Collections.unmodifiableMap(new LinkedHashMap<>(engines));
    Objects.requireNonNull(stop, "stop");
    Objects.requireNonNull(judged, "judged");
    Objects.requireNonNull(origin, "origin");
    starts = List.copyOf(starts);
  }

  /** A result whose verdicts judge response time, without start reports or origin. */
  public RunResult(String scenario, int users, Duration thinkTime, Duration warmUp,
      List<LabelSummary> summaries, List<String> warnings, Path directory,
      Optional<StopReason> stop, Timeline timeline, Map<String, LabelSummary> engines) {
    this(scenario, users, thinkTime, warmUp, summaries, warnings, directory, stop, timeline,
        engines, LatencyFigure.RESPONSE, List.of(), Optional.empty());
  }

  /** The same result, judged on {@code figure}. */
  public RunResult judging(LatencyFigure figure) {
    return new RunResult(scenario, users, thinkTime, warmUp, summaries, warnings, directory,
        stop, timeline, engines, figure, starts, origin);
  }

  /** A single-engine result without a timeline, for tests and hand-built results. */
  public RunResult(String scenario, int users, Duration thinkTime, Duration warmUp,
      List<LabelSummary> summaries, List<String> warnings, Path directory,
      Optional<StopReason> stop) {
    this(scenario, users, thinkTime, warmUp, summaries, warnings, directory, stop,
        Timeline.empty(), Map.of());
  }

  /** True when the run ended before its profile did ({@link #stop()} says why). */
  public boolean interrupted() {
    return stop.isPresent();
  }

  /** The same result with the phase origin the recorder fixed. */
  public RunResult measuredFrom(Instant phaseOrigin) {
    return new RunResult(scenario, users, thinkTime, warmUp, summaries, warnings, directory,
        stop, timeline, engines, judged, starts, Optional.of(phaseOrigin));
  }

  /** Why the results files lack part of the run (a truncated JTL), empty when they are whole. */
  public Optional<String> incompleteResults() {
    return warnings.stream().filter(w -> w.startsWith(INCOMPLETE)).findFirst();
  }

  /** The summary of one label in one phase, empty when the label never sampled in that phase. */
  public Optional<LabelSummary> summary(String label, Phase phase) {
    return summaries.stream()
        .filter(s -> s.label().equals(label) && s.phase() == phase)
        .findFirst();
  }

  /** The all-samplers summary of a phase; always present (with zero samples when none ran). */
  public LabelSummary overall(Phase phase) {
    return summary(LabelSummary.OVERALL, phase).orElseThrow();
  }

  /** The measurement-phase summary of a label, failing loudly when the label is unknown. */
  public LabelSummary measured(String label) {
    return summary(label, Phase.MEASUREMENT).orElseThrow(() -> new IllegalArgumentException(
        "no measurement-phase samples for label '" + label + "'; labels seen: " + labels()));
  }

  /** Sampler labels of any phase in first-seen order, without {@link LabelSummary#OVERALL}. */
  public List<String> labels() {
    return summaries.stream()
        .map(LabelSummary::label)
        .filter(l -> !l.equals(LabelSummary.OVERALL))
        .distinct()
        .toList();
  }
}
