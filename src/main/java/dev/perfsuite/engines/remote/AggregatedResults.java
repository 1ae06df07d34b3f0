package dev.perfsuite.engines.remote;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.server.EngineRecorderListener;
import dev.perfsuite.results.LabelAccumulator;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.Timeline;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * {@code perf.remotes.samples=aggregate}, the default: each engine aggregates its own samples and
 * sends snapshots. Each engine ({@link EngineRecorderListener}) sends a cumulative snapshot every
 * {@code perf.remotes.snapshot-interval} to a {@link SnapshotIntake} exported here; the run's
 * recorder merges the engines' latest snapshots, the snapshots double as heartbeats
 * ({@link HeartbeatWatchdog}), and at the end the engines' JTLs are merged into results.jtl.
 * The engines record with the run's settings (JTL content and compression, label cap, warm-up
 * origin), which travel in the plan with the recorder.
 */
final class AggregatedResults implements RemoteResults {
  /** Longest wait at the end for the engines' final snapshots and JTLs. */
  static final Duration FINAL_WAIT = Duration.ofSeconds(30);
  /** The same under a signal: what arrived by then counts, the rest is named incomplete. */
  static final Duration FINAL_WAIT_SIGNALLED = Duration.ofSeconds(2);

  private final RemoteRun run;
  private final Aggregation aggregation;
  private final int localPort;
  private final RunSettings settings;
  private volatile SampleRecorder recorder;
  private volatile String runId;
  private volatile Path engineJtls;
  private volatile SnapshotIntake intake;
  private volatile HeartbeatWatchdog watchdog;

  AggregatedResults(RemoteRun run, Aggregation aggregation, int localPort,
      RunSettings settings) {
    this.run = run;
    this.aggregation = aggregation;
    this.localPort = localPort;
    this.settings = settings;
  }

  @Override
  public TestPlanChild recorderListener(SampleRecorder recorder, RunContext context) {
    this.recorder = recorder;
    this.runId = context.runId();
    this.engineJtls = context.directory().resolve("engines");
    return new EngineRecorderListener(() -> intake == null ? null : intake.stub(),
        new EngineRecorderListener.Settings(context.runId(), context.profile().warmUp(),
            aggregation.interval(), Timeline.windowFor(context.profile().plannedDuration()),
            aggregation.jtl() == RemoteJtl.FETCH, run.watchdog(), settings));
  }

  @Override
  public void open() {
    if (recorder == null) {
      return;
    }
    try {
      SnapshotIntake opened = new SnapshotIntake(localPort, recorder, engineJtls,
          run.token().value());
      watchdog = new HeartbeatWatchdog(run, opened);
      intake = opened;
    } catch (RemoteException e) {
      throw new IllegalStateException("cannot export the controller's snapshot sink for the "
          + "engines (perf.remotes.local-port=" + localPort + "): " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    SnapshotIntake opened = intake;
    if (opened != null) {
      opened.close();
    }
  }

  @Override
  public boolean allSampled() {
    SnapshotIntake opened = intake;
    if (opened == null) {
      return run.breakdown().lastSampleNanos().values().stream().allMatch(n -> n > 0);
    }
    Map<String, RecorderSnapshot> snapshots = opened.snapshotsByEngine();
    return run.remotes().stream().allMatch(e -> snapshots.containsKey(e)
        && snapshots.get(e).samples() > 0);
  }

  @Override
  public Optional<String> failure() {
    HeartbeatWatchdog heartbeats = watchdog;
    return heartbeats == null ? Optional.empty() : heartbeats.failure();
  }

  @Override
  public Map<String, LabelSummary> engineSummaries() {
    Map<String, RecorderSnapshot> snapshots = snapshots();
    Map<String, LabelSummary> result = new LinkedHashMap<>();
    for (String engine : run.remotes()) {
      RecorderSnapshot snapshot = snapshots.get(engine);
      LabelSummary none = LabelAccumulator.of(engine, Phase.MEASUREMENT).summary();
      result.put(engine, snapshot == null ? none
          : snapshot.label(LabelSummary.OVERALL, Phase.MEASUREMENT)
              .map(l -> l.summary(engine)).orElse(none));
    }
    return result;
  }

  @Override
  public Optional<String> shortfall() {
    Map<String, RecorderSnapshot> snapshots = snapshots();
    Map<String, Long> samples = new LinkedHashMap<>();
    Map<String, Integer> threads = new LinkedHashMap<>();
    for (String engine : run.remotes()) {
      RecorderSnapshot snapshot = snapshots.get(engine);
      samples.put(engine, snapshot == null ? 0 : snapshot.samples());
      threads.put(engine, snapshot == null ? 0 : snapshot.threads());
    }
    return PlannedSamples.shortfall(run.perEngine(), samples, threads);
  }

  /**
   * Waits (bounded) for the final snapshot and JTL of every engine not lost, merges the JTLs
   * into the run's results.jtl and reconciles counts per engine.
   */
  @Override
  public List<String> gather(SampleRecorder recorder) {
    SnapshotIntake opened = intake;
    if (opened == null) {
      return List.of();
    }
    boolean fetch = aggregation.jtl() == RemoteJtl.FETCH;
    long deadline = System.nanoTime() + run.wait(FINAL_WAIT, FINAL_WAIT_SIGNALLED).toNanos();
    while (System.nanoTime() < deadline && !run.alive().stream()
        .allMatch(e -> opened.ended(e) && (!fetch || opened.jtlReceived(e)))) {
      RemoteRun.sleep(Duration.ofMillis(100));
    }
    List<String> warnings = new ArrayList<>();
    Map<String, RecorderSnapshot> snapshots = opened.snapshotsByEngine();
    for (String engine : run.remotes()) {
      if (run.starts().contains(engine)) {
        continue;
      }
      if (!snapshots.containsKey(engine)) {
        warnings.add("remote engine " + engine + " sent no snapshot: none of its samples count");
      } else if (!opened.ended(engine)) {
        warnings.add("remote engine " + engine + " sent no final snapshot: its figures are those "
            + "of its last snapshot (" + snapshots.get(engine).samples() + " samples)");
      }
    }
    long merged = recorder.summaries().stream()
        .filter(s -> s.label().equals(LabelSummary.OVERALL)).mapToLong(LabelSummary::samples).sum();
    long sent = snapshots.values().stream().mapToLong(RecorderSnapshot::samples).sum();
    if (merged != sent) {
      warnings.add("reconciliation: the merged results hold " + merged + " samples but the "
          + "engines reported " + sent + " sent " + describe(snapshots));
    }
    Path target = recorder.jtl();
    if (fetch) {
      warnings.addAll(mergeJtls(opened, snapshots, target));
    } else {
      writeHeaderOnly(target);
      warnings.add("note: perf.remotes.jtl=keep: each engine's JTL stays on its host as WORK/"
          + runId + "/HOST_PORT.jtl" + (settings.jtlCompressed() ? ".gz" : "") + ", WORK being "
          + "the engine's -Dperf.engine.work-dir (by default the work folder beside the data "
          + "folder its start line names, perf-suite-engine-<random> in its temp directory); "
          + "results.jtl here holds only the header");
    }
    return warnings;
  }

  /** Every engine not lost has sent its final snapshot. */
  @Override
  public boolean quiet(long stoppedNanos) {
    SnapshotIntake opened = intake;
    return opened == null || run.alive().stream().allMatch(opened::ended);
  }

  /** The snapshot sink, present once open (for tests). */
  Optional<SnapshotIntake> intake() {
    return Optional.ofNullable(intake);
  }

  private Map<String, RecorderSnapshot> snapshots() {
    SnapshotIntake opened = intake;
    return opened == null ? Map.of() : opened.snapshotsByEngine();
  }

  private static String describe(Map<String, RecorderSnapshot> snapshots) {
    List<String> parts = new ArrayList<>();
    snapshots.forEach((engine, s) -> parts.add(engine + "=" + s.samples()));
    return "(" + String.join(", ", parts) + ")";
  }

  private List<String> mergeJtls(SnapshotIntake opened, Map<String, RecorderSnapshot> snapshots,
      Path target) {
    List<String> warnings = new ArrayList<>();
    Map<String, Path> received = new LinkedHashMap<>();
    for (String engine : run.remotes()) {
      if (opened.jtlReceived(engine)) {
        received.put(engine, opened.jtlOf(engine));
      } else if (!run.starts().contains(engine)) {
        // The figures are whole (snapshots), the files are not: the SLA's completeness row fails.
        warnings.add(RunResult.INCOMPLETE + "the JTL of remote engine " + engine
            + " could not be fetched (the engine "
            + (run.lost().contains(engine) ? "was lost" : "did not send it in time")
            + "): results.jtl lacks its samples; its aggregated figures still count");
      }
    }
    try {
      Map<String, Long> counts = JtlMerge.merge(received, target);
      if (settings.jtl() != JtlContent.ALL) {
        // perf.jtl=errors or none: the JTLs hold some samples by design, not all the snapshots
        // count.
        return warnings;
      }
      counts.forEach((engine, lines) -> {
        RecorderSnapshot snapshot = snapshots.get(engine);
        if (snapshot != null && snapshot.recorded() != lines) {
          warnings.add(RunResult.INCOMPLETE + "reconciliation: the JTL of " + engine + " holds "
              + lines + " samples, its snapshot " + snapshot.recorded());
        }
      });
    } catch (IOException e) {
      warnings.add(RunResult.INCOMPLETE + "the engines' JTLs could not be merged into " + target
          + ": " + e);
    }
    return warnings;
  }

  private static void writeHeaderOnly(Path target) {
    try {
      Files.createDirectories(target.toAbsolutePath().getParent());
      Files.writeString(target, CSVSaveService.printableFieldNamesToString(
          new SampleSaveConfiguration()) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }
}
