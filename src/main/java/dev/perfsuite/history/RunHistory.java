package dev.perfsuite.history;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.config.settings.HistorySettings;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.RegressionMode;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single entry point of run history. After each run, {@link #compare} compares it with its
 * baseline and renders its trend chart; once its test has ended, {@link #keep} appends it to the
 * store with its outcome, so a run that failed or was never judged is kept but never a baseline.
 *
 * <pre>{@code
 * HistoryOutcome outcome = history.compare(result);
 * attach(outcome.verdict().html(), outcome.trendPng());    // report first ...
 * outcome.verdict().enforce(config.history().regression()); // ... then fail per perf.regression
 * history.keep(outcome.run(), "passed");                   // the outcome verdict.json says
 * }</pre>
 */
public final class RunHistory {
  /** Verdict table file names in the run directory. */
  public static final String VERDICT_MD = "regression.md";
  /** Verdict page file name in the run directory. */
  public static final String VERDICT_HTML = "regression.html";
  /** Trend chart file name in the run directory. */
  public static final String TREND_PNG = "trend.png";
  private static final int MAX_NOTES = 20;
  private static final Logger LOG = LoggerFactory.getLogger(RunHistory.class);

  private final HistorySettings settings;
  private final HistoryStore store;
  private final Function<Instant, RunIdentity> identity;
  /** The runs' {@code perf.jtl}: only a JTL of every sample gives exact histograms. */
  private final JtlContent jtl;

  private RunHistory(HistorySettings settings, Function<Instant, RunIdentity> identity,
      JtlContent jtl) {
    this.settings = settings;
    this.store = HistoryStore.at(settings.directory());
    this.identity = identity;
    this.jtl = jtl;
  }

  /**
   * History as {@code perf.history.*}, {@code perf.regression*}, {@code perf.baseline} and
   * {@code perf.trend.runs} configure it; runs are identified by {@code perf.target},
   * {@code perf.profile}, {@code perf.engine}, the git commit and the Jenkins build.
   */
  public static RunHistory fromConfig(PerfConfig config) {
    return fromConfig(config, () -> RunIdentity.CATALOGUE);
  }

  /**
   * As {@link #fromConfig(PerfConfig)}, recording each run with the selection of scenario
   * classes {@code selection} names when the run ends (see {@link RunIdentity#selection}).
   */
  public static RunHistory fromConfig(PerfConfig config, Supplier<String> selection) {
    return new RunHistory(config.history(),
        time -> RunIdentity.of(UUID.randomUUID().toString(), time, config, System.getenv(),
            selection.get()), config.run().jtl());
  }

  /**
   * History with explicit settings, identifying each run with {@code identity(startTime)}; the
   * runs' JTLs keep every sample.
   */
  static RunHistory of(HistorySettings settings, Function<Instant, RunIdentity> identity) {
    return new RunHistory(settings, identity, JtlContent.ALL);
  }

  /** The store runs are appended to. */
  HistoryStore store() {
    return store;
  }

  /**
   * Compares the run with its baseline (unless {@code perf.regression=off}) and writes
   * {@value #VERDICT_MD}, {@value #VERDICT_HTML} and {@value #TREND_PNG} into the run's directory.
   * Appends nothing: {@link #keep} does, once the run's outcome is known. Never fails on a
   * regression: call {@link RegressionVerdict#enforce} for that.
   */
  public HistoryOutcome compare(RunResult result) {
    RunRecord record = RunRecord.of(result, identity.apply(startOf(result)), jtl);
    HistoryReading earlier = store.reading(record.scenario());
    List<String> skipped = new ArrayList<>(earlier.skipped());
    RegressionVerdict verdict = verdict(record, earlier.runs(), skipped);
    skipped.stream().limit(MAX_NOTES).forEach(LOG::warn);
    if (skipped.size() > MAX_NOTES) {
      LOG.warn("... and {} more damaged history records", skipped.size() - MAX_NOTES);
    }
    if (settings.regression() != RegressionMode.OFF) {
      verdict = withHistoryNote(verdict, verdict.baseline().isEmpty() ? 0
          : Math.max(1, previous(record, earlier.runs()).size()), skipped);
    }
    List<RunRecord> comparable = new ArrayList<>(earlier.runs().stream()
        .filter(r -> r.identity().comparableWith(record.identity(), settings.anySelection()))
        .filter(r -> r.identity().sameShape(record.identity()))
        .toList());
    comparable.add(record);
    List<RunRecord> trend = comparable.subList(Math.max(0, comparable.size()
        - settings.trendRuns()), comparable.size());
    Path dir = result.directory();
    try {
      Files.createDirectories(dir);
      Path md = Files.writeString(dir.resolve(VERDICT_MD), Secrets.mask(verdict.markdown()),
          StandardCharsets.UTF_8);
      Path html = Files.writeString(dir.resolve(VERDICT_HTML), Secrets.mask(verdict.html()),
          StandardCharsets.UTF_8);
      Path png = Files.write(dir.resolve(TREND_PNG),
          TrendCharts.render(record.scenario(), LabelSummary.OVERALL, trend));
      LOG.info(verdict.headline());
      return new HistoryOutcome(record, verdict, md, html, png);
    } catch (IOException e) {
      // A full disk costs these files, not the verdict: it is logged, attached and enforced.
      LOG.warn("cannot write the regression verdict into {} ({}); the verdict stands: {}", dir,
          e.toString(), verdict.headline());
      return new HistoryOutcome(record, verdict, dir.resolve(VERDICT_MD),
          dir.resolve(VERDICT_HTML), dir.resolve(TREND_PNG));
    }
  }

  /**
   * Appends {@code run} to the history with {@code outcome}, as verdict.json spells it. Only a
   * {@value RunRecord#PASSED} run becomes a later run's baseline. A full or read-only history
   * folder costs the row (a warning says why), never the run's verdict.
   */
  public void keep(RunRecord run, String outcome) {
    try {
      store.append(run.withOutcome(outcome));
    } catch (UncheckedIOException e) {
      LOG.warn("{}: {}", e.getMessage(), e.getCause().toString());
    }
  }

  /** The verdict whose source also says how many earlier runs it saw and what was skipped. */
  private static RegressionVerdict withHistoryNote(RegressionVerdict verdict, int compared,
      List<String> skipped) {
    String note = "; compared with " + compared + " earlier run" + (compared == 1 ? "" : "s")
        + (skipped.isEmpty() ? "" : "; " + skipped.size() + " damaged history record"
        + (skipped.size() == 1 ? "" : "s") + " skipped, first " + skipped.get(0));
    return new RegressionVerdict(verdict.scenario(), verdict.current(), verdict.baseline(),
        verdict.source() + note, verdict.tolerancePercent(), verdict.comparisons());
  }

  private RegressionVerdict verdict(RunRecord record, List<RunRecord> history,
      List<String> skipped) {
    double tolerance = settings.tolerancePercent();
    if (settings.regression() == RegressionMode.OFF) {
      return RegressionVerdict.withoutBaseline(record, "perf.regression=off", tolerance);
    }
    if (!record.complete()) {
      return RegressionVerdict.withoutBaseline(record, record.interrupted()
          ? "the run was interrupted" : "no measurement samples", tolerance);
    }
    if (settings.baseline().isPresent()) {
      Path pinned = settings.baseline().get();
      HistoryReading reading = HistoryStore.readNoting(pinned, record.scenario());
      skipped.addAll(reading.skipped());
      Optional<RunRecord> base = last(reading.runs().stream()
          .filter(RunRecord::usableAsBaseline)
          .toList());
      return base.map(b -> RegressionVerdict.compare(b, record, previous(record, history),
              "pinned baseline " + pinned
              + (b.identity().comparableWith(record.identity()) ? ""
              : ", recorded on another target/profile")
              + (b.identity().sameShape(record.identity()) ? ""
              : ", recorded under another load shape (" + b.identity().shapeName() + ")"),
              tolerance))
          .orElseGet(() -> RegressionVerdict.withoutBaseline(record, "the pinned baseline "
              + pinned + " has no complete run of " + record.scenario(), tolerance));
    }
    String where = "target " + record.identity().target() + ", profile "
        + record.identity().profile() + (settings.anySelection() ? ""
        : ", selection " + record.identity().selection());
    List<RunRecord> previous = previous(record, history);
    if (previous.isEmpty()) {
      Optional<RunRecord> otherShape = last(sameTargetAndProfile(record, history));
      if (otherShape.isPresent()) {
        return RegressionVerdict.withoutBaseline(record, "load shape mismatch, not judged: this "
            + "run offered " + record.identity().shapeName() + ", the previous complete run on "
            + where + " offered " + otherShape.get().identity().shapeName() + " (a run of this "
            + "shape becomes the baseline; -Dperf.baseline=FILE pins one)", tolerance);
      }
    }
    return last(previous)
        .map(b -> RegressionVerdict.compare(b, record, previous, "previous run on " + where
            + ", " + record.identity().shapeName(), tolerance))
        .orElseGet(() -> RegressionVerdict.withoutBaseline(record, "first complete run on "
            + where + ", " + record.identity().shapeName() + " in " + store.directory(),
            tolerance));
  }

  /** Complete runs before this one on its target and profile, whatever load they offered. */
  private List<RunRecord> sameTargetAndProfile(RunRecord record, List<RunRecord> history) {
    return history.stream()
        .filter(r -> r.identity().comparableWith(record.identity(), settings.anySelection()))
        .filter(RunRecord::usableAsBaseline)
        .toList();
  }

  /**
   * Complete runs before this one on its target and profile under the same load shape, the last
   * perf.trend.runs.
   */
  private List<RunRecord> previous(RunRecord record, List<RunRecord> history) {
    List<RunRecord> runs = sameTargetAndProfile(record, history).stream()
        .filter(r -> r.identity().sameShape(record.identity()))
        .toList();
    return runs.subList(Math.max(0, runs.size() - settings.trendRuns()), runs.size());
  }

  private static Optional<RunRecord> last(List<RunRecord> runs) {
    return runs.isEmpty() ? Optional.empty() : Optional.of(runs.get(runs.size() - 1));
  }

  private static Instant startOf(RunResult result) {
    return result.summaries().stream()
        .filter(s -> s.label().equals(LabelSummary.OVERALL) && s.samples() > 0)
        .min(Comparator.comparing(LabelSummary::phase))
        .map(s -> Instant.ofEpochMilli(s.firstStartMillis()))
        .orElseGet(Instant::now);
  }
}
