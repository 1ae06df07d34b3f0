package dev.perfsuite.reporting;

import dev.perfsuite.config.Secrets;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.http.SuiteHttpSampler;
import dev.perfsuite.profiles.Durations;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's summary beside its JTL: {@code summary.csv}, {@code summary.md} and
 * {@code run.properties} (phase origin, warm-up, users, warnings), and renders it for the console.
 *
 * <p>Engines write only the JTL; whoever builds a run registers {@link #watcher()} with the
 * engine to get these files and the console table.
 */
public final class ResultFiles {
  private static final Logger LOG = LoggerFactory.getLogger(ResultFiles.class);

  private ResultFiles() {
  }

  /**
   * A watcher that, when a run ends, writes its three summary files and prints its console table
   * (ending with the {@code Results: <directory>} line CI scripts read). Register it first, so
   * the files exist before other watchers hear of the end.
   */
  public static RunWatcher watcher() {
    return new ResultFilesWatcher();
  }

  /**
   * Writes the three summary files; {@code run.properties} records the phase origin in epoch ms,
   * -1 for a test that never started.
   */
  public static void write(RunResult result) {
    long originMillis = result.origin().map(Instant::toEpochMilli).orElse(-1L);
    List<List<String>> rows = SummaryTable.rows(result);
    Map<String, String> files = new LinkedHashMap<>();
    files.put(ResultDirectory.SUMMARY_CSV, Tables.csv(SummaryTable.HEADERS, rows));
    files.put(ResultDirectory.SUMMARY_MD, markdown(result));
    files.put(ResultDirectory.RUN_PROPERTIES, String.join("\n",
        "scenario=" + result.scenario(),
        "originMillis=" + originMillis,
        "warmUpMillis=" + result.warmUp().toMillis(),
        "users=" + result.users(),
        "thinkTimeMillis=" + result.thinkTime().toMillis(),
        "interrupted=" + result.interrupted(),
        // The socket transport the suite's HTTP client takes in this JVM (epoll or nio).
        "suiteClientTransport=" + SuiteHttpSampler.transport(),
        "stop=" + result.stop().map(s -> s.kind().name().toLowerCase(Locale.ROOT)).orElse(""),
        "warnings=" + String.join(" | ", result.warnings())) + "\n");
    // Each file on its own: a full disk may still take the small ones.
    IOException first = null;
    List<String> failed = new ArrayList<>();
    for (Map.Entry<String, String> file : files.entrySet()) {
      try {
        Files.createDirectories(result.directory());
        Files.writeString(result.directory().resolve(file.getKey()),
            Secrets.mask(file.getValue()), StandardCharsets.UTF_8);
      } catch (IOException e) {
        first = first == null ? e : first;
        failed.add(file.getKey());
      }
    }
    if (first != null) {
      throw new UncheckedIOException("cannot write " + String.join(", ", failed) + " of "
          + result.scenario() + " into " + result.directory() + " (" + first.getMessage()
          + "); the summary is on the console. Fix: free space there or set perf.results-dir",
          first);
    }
  }

  /** The full summary (both phases) as Markdown with a title and warnings. */
  public static String markdown(RunResult result) {
    StringBuilder out = new StringBuilder("## ").append(result.scenario()).append("\n\n");
    out.append(String.format(Locale.ROOT, "Users: %d, think time: %s, warm-up excluded: %s%s%n%n",
        result.users(), Durations.format(result.thinkTime()), Durations.format(result.warmUp()),
        result.interrupted() ? ", **interrupted**" : ""));
    out.append(Tables.markdown(SummaryTable.HEADERS, SummaryTable.rows(result)));
    if (!result.engines().isEmpty()) {
      out.append("\n### Per engine (measurement phase)\n\n").append(perEngine(result));
    }
    result.warnings().forEach(w -> out.append("\n> WARNING: ").append(w).append('\n'));
    return out.toString();
  }

  /** Columns of the per-engine breakdown, as {@link #perEngineRows} fills them. */
  public static final List<String> PER_ENGINE_HEADERS = List.of("Engine", "Samples", "Errors",
      "Error %", "Req/s", "Mean", "p50", "p95", "p99", "Max");

  /**
   * The per-engine breakdown of a distributed run as a Markdown table: one row per remote
   * engine, overall measurement-phase figures; empty for a single engine.
   */
  public static String perEngine(RunResult result) {
    if (result.engines().isEmpty()) {
      return "";
    }
    return Tables.markdown(PER_ENGINE_HEADERS, perEngineRows(result));
  }

  /** One row per remote engine in {@link #PER_ENGINE_HEADERS} order; empty for one engine. */
  public static List<List<String>> perEngineRows(RunResult result) {
    return result.engines().entrySet().stream()
        .map(e -> {
          LabelSummary s = e.getValue();
          if (s.samples() == 0) {
            return List.of(e.getKey(), "0", "0", "-", "-", "-", "-", "-", "-", "-");
          }
          return List.of(e.getKey(), Long.toString(s.samples()), Long.toString(s.errors()),
              SummaryTable.fixed(s.errorPercent()), SummaryTable.fixed(s.throughput()),
              SummaryTable.fixed(s.latency().mean()), Long.toString(s.latency().p50()),
              Long.toString(s.latency().p95()), Long.toString(s.latency().p99()),
              Long.toString(s.latency().max()));
        })
        .collect(Collectors.toList());
  }

  /**
   * Shows a run on the console: the {@link #console} table, then its warnings. The table goes to
   * {@code System.out}; each warning goes through the suite's logger, which {@code perf.log}
   * governs as every warning.
   */
  public static void show(RunResult result) {
    System.out.println(console(result));
    result.warnings().forEach(LOG::warn);
  }

  /**
   * A compact console view: the measurement phase only, in the columns a reader scans first. When
   * response time differs from service time anywhere (a schedule or a corrected stall), its p95,
   * p99 and max follow. The run's warnings are not in it: {@link #show} logs them.
   */
  public static String console(RunResult result) {
    boolean responses = result.summaries().stream()
        .filter(s -> s.phase() == Phase.MEASUREMENT)
        .anyMatch(s -> s.response().p99() != s.latency().p99() || s.lateStarts() > 0
            || s.stalls() > 0);
    List<String> headers = new ArrayList<>(List.of("Label", "Samples", "Errors",
        "Error %", "Req/s", "Mean", "p50", "p90", "p95", "p99", "p99.9", "Max", "L=X*R"));
    if (responses) {
      headers.addAll(List.of("Resp p95", "Resp p99", "Resp max"));
    }
    List<List<String>> rows = result.summaries().stream()
        .filter(s -> s.phase() == Phase.MEASUREMENT)
        .map(s -> {
          List<String> row = new ArrayList<>(List.of(s.label(),
              Long.toString(s.samples()), Long.toString(s.errors()),
              SummaryTable.fixed(s.errorPercent()), SummaryTable.fixed(s.throughput()),
              SummaryTable.fixed(s.latency().mean()), Long.toString(s.latency().p50()),
              Long.toString(s.latency().p90()), Long.toString(s.latency().p95()),
              Long.toString(s.latency().p99()), Long.toString(s.latency().p999()),
              Long.toString(s.latency().max()), SummaryTable.fixed(s.littlesLaw())));
          if (responses) {
            row.addAll(List.of(Long.toString(s.response().p95()),
                Long.toString(s.response().p99()), Long.toString(s.response().max())));
          }
          return row;
        })
        .collect(Collectors.toList());
    LabelSummary warm = result.overall(Phase.WARM_UP);
    String title = String.format(Locale.ROOT,
        "%s: measurement phase (%d warm-up samples excluded), times in ms, %d users%s%n",
        result.scenario(), warm.samples(), result.users(),
        result.interrupted() ? " [INTERRUPTED]" : "");
    StringBuilder out = new StringBuilder(title).append(Tables.markdown(headers, rows));
    if (!result.engines().isEmpty()) {
      out.append("Per engine (measurement phase, times in ms):\n").append(perEngine(result));
    }
    out.append("Results: ").append(result.directory().toAbsolutePath()).append('\n');
    return out.toString();
  }
}
