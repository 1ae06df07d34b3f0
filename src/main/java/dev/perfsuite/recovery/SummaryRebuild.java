package dev.perfsuite.recovery;

import dev.perfsuite.config.PerfLog;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.ErrorClassifier;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.LabelAccumulator;
import dev.perfsuite.results.LabelCap;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.StopReason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Rebuilds a killed run's {@code summary.csv}, {@code summary.md} and {@code run.properties} from
 * its {@code results.jtl}. It is for a run whose JVM was killed (SIGKILL, OOM killer, power) before
 * it could write them. The rebuilt run is marked interrupted: it never ended.
 *
 * <p>Phases: the warm-up is measured from {@code originMillis} of an existing
 * {@code run.properties}, else from the first sample, over {@code warmUp} (run.properties', else
 * the argument). A last line cut short by the kill is skipped and counted in a warning. Labels are
 * capped as the recorder caps them ({@code perf.labels.max} of the JVM that rebuilds, default
 * 1,000): labels past the cap count in {@value LabelCap#OTHER}, so a JTL of 20,000 labels with ids
 * rebuilds the summary the run would have written, not 20,000 rows.
 *
 * <pre>{@code
 * mvn -q package -DskipTests    # once: target/perf-suite-remote-engine.jar and its lib/
 * java -cp target/perf-suite-remote-engine.jar dev.perfsuite.recovery.SummaryRebuild \
 *     target/perf-results/SCENARIO [WARM-UP such as 30s]
 * }</pre>
 */
public final class SummaryRebuild {
  private SummaryRebuild() {
  }

  /**
   * Rebuilds and writes the summary files of {@code runDirectory}, its labels capped by this JVM's
   * {@code perf.labels.max}.
   *
   * @param warmUp the run's warm-up when no run.properties says it; zero counts all as measured
   * @return the rebuilt result, marked interrupted
   * @throws IllegalArgumentException when the directory holds no results.jtl
   * @throws dev.perfsuite.config.ConfigException when {@code perf.labels.max} is not valid
   */
  public static RunResult rebuild(Path runDirectory, Duration warmUp) {
    return rebuild(runDirectory, warmUp, RunSettings.fromThisJvm().labelsMax());
  }

  /**
   * As {@link #rebuild(Path, Duration)}, with at most {@code labelsMax} labels of their own (the
   * run's {@code perf.labels.max}); later labels count in {@value LabelCap#OTHER}.
   */
  public static RunResult rebuild(Path runDirectory, Duration warmUp, int labelsMax) {
    Path jtl = ResultDirectory.jtl(runDirectory);
    if (!Files.isRegularFile(jtl)) {
      throw new IllegalArgumentException("no " + ResultDirectory.JTL + " in " + runDirectory
          + ". Fix: pass the run's directory, e.g. target/perf-results/SCENARIO");
    }
    Properties facts = facts(runDirectory);
    long warmUpMillis = Long.parseLong(facts.getProperty("warmUpMillis",
        String.valueOf(warmUp.toMillis())));
    Map<String, LabelAccumulator> byKey = new LinkedHashMap<>();
    // A set: a JTL of many labels (ids in names) must not cost a scan of them per row.
    Set<String> labels = new LinkedHashSet<>();
    LabelCap cap = LabelCap.of(labelsMax, true);
    long rows = 0;
    long skipped = 0;
    long origin = Long.parseLong(facts.getProperty("originMillis", "-1"));
    try (JtlRows jtlRows = JtlRows.open(jtl)) {
      for (JtlRows.Row row = jtlRows.next(); row != null; row = jtlRows.next()) {
        if (!row.complete()) {
          skipped++;
          continue;
        }
        long start;
        long elapsed;
        try {
          start = Long.parseLong(row.get("timeStamp"));
          elapsed = Long.parseLong(row.get("elapsed"));
        } catch (NumberFormatException e) {
          skipped++;
          continue;
        }
        if (origin < 0) {
          origin = start;
        }
        // Rows come in completion order: one may have started before the first row's start.
        Phase phase = warmUpMillis > 0 && start - origin < warmUpMillis ? Phase.WARM_UP
            : Phase.MEASUREMENT;
        String label = cap.of(row.get("label"));
        String code = row.get("responseCode", "");
        ErrorCause cause = Boolean.parseBoolean(row.get("success")) ? null
            : cause(code, row.get("responseMessage", ""), row.get("failureMessage", ""));
        long received = number(row.get("bytes"));
        long sent = number(row.get("sentBytes"));
        labels.add(label);
        accumulator(byKey, label, phase).add(start, start + elapsed, elapsed, received, sent,
            cause, code);
        if (!row.transaction()) {
          accumulator(byKey, LabelSummary.OVERALL, phase).add(start, start + elapsed, elapsed,
              received, sent, cause, code);
        }
        rows++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jtl, e);
    }
    List<LabelSummary> summaries = new ArrayList<>();
    List<String> order = new ArrayList<>(List.of(LabelSummary.OVERALL));
    order.addAll(labels);
    for (String label : order) {
      for (Phase phase : Phase.values()) {
        LabelAccumulator accumulator = byKey.get(label + '\n' + phase);
        if (accumulator != null || label.equals(LabelSummary.OVERALL)) {
          summaries.add((accumulator == null ? LabelAccumulator.of(label, phase) : accumulator)
              .summary());
        }
      }
    }
    List<String> warnings = new ArrayList<>();
    warnings.add("summary rebuilt from " + ResultDirectory.JTL + " (" + rows + " samples) after a "
        + "run that did not end: its last second may be missing");
    if (skipped > 0) {
      warnings.add(skipped + " JTL line(s) cut short or unreadable were skipped");
    }
    cap.warning().ifPresent(warnings::add);
    RunResult result = new RunResult(runDirectory.getFileName().toString(),
        Integer.parseInt(facts.getProperty("users", "0")),
        Duration.ofMillis(Long.parseLong(facts.getProperty("thinkTimeMillis", "0"))),
        Duration.ofMillis(warmUpMillis), summaries, warnings, runDirectory,
        Optional.of(new StopReason(StopReason.Kind.INTERRUPTED, "the run did not end; its "
            + "summary was rebuilt from " + ResultDirectory.JTL, lastWrite(jtl))))
        .measuredFrom(Instant.ofEpochMilli(Math.max(origin, 0)));
    ResultFiles.write(result);
    return result;
  }

  /** When the JTL was last written: about when the run stopped. */
  private static Instant lastWrite(Path jtl) {
    try {
      return Files.getLastModifiedTime(jtl).toInstant();
    } catch (IOException e) {
      return Instant.now();
    }
  }

  private static LabelAccumulator accumulator(Map<String, LabelAccumulator> byKey, String label,
      Phase phase) {
    return byKey.computeIfAbsent(label + '\n' + phase, k -> LabelAccumulator.of(label, phase));
  }

  /** The cause a failed JTL row had when it was recorded (the recorder's own rules). */
  private static ErrorCause cause(String code, String message, String failure) {
    return ErrorClassifier.classify(code, message, !failure.isEmpty());
  }

  private static long number(String value) {
    try {
      return value == null ? 0 : Long.parseLong(value);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static Properties facts(Path runDirectory) {
    Properties facts = new Properties();
    Path file = runDirectory.resolve(ResultDirectory.RUN_PROPERTIES);
    if (Files.isRegularFile(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        facts.load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    return facts;
  }

  /**
   * Rebuilds the summaries of the run directory given as first argument; an optional second
   * argument is its warm-up (e.g. {@code 30s}) when it has no run.properties.
   */
  public static void main(String[] args) {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: SummaryRebuild RUN-DIRECTORY [WARM-UP such as 30s]");
      System.exit(2);
      return;
    }
    Duration warmUp = args.length == 2 ? Duration.parse("PT" + args[1].toUpperCase())
        : Duration.ZERO;
    // A command line tool: without this, Log4j's default (errors only) would hide the warnings.
    PerfLog.apply();
    ResultFiles.show(rebuild(Path.of(args[0]), warmUp));
  }
}
