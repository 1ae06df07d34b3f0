package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.EngineDriver;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunExecution;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.engines.Saturation;
import dev.perfsuite.engines.UserSplit;
import dev.perfsuite.engines.shipment.DataShipment;
import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.EngineRecorderListener;
import dev.perfsuite.results.LabelAccumulator;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.Timeline;
import java.rmi.RemoteException;
import java.util.LinkedHashMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CompletableFuture;
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.util.JMeterUtils;
import us.abstracta.jmeter.javadsl.core.DslJmeterEngine;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;

/**
 * Runs plans on JMeter remote engines ({@code perf.engine=distributed}) through
 * jmeter-java-dsl's {@link DistributedJmeterEngine}, adding what the bare engine gets wrong.
 *
 * <ul>
 *   <li>An engine that does not accept a connection fails the run within seconds, before any
 *       load, naming it ({@link EngineReachability}).</li>
 *   <li>Elements that cannot run remotely (Java lambdas) are refused before start
 *       ({@link RemotePlanCheck}).</li>
 *   <li>A watchdog: an engine that sends no sample and refuses connections for
 *       {@code perf.remotes.watchdog} is declared lost; the other engines are stopped, the
 *       samples gathered so far are kept and the run fails naming it. The DSL alone would wait
 *       for the lost engine's end-of-test forever.</li>
 *   <li>Each engine's sample count is reconciled with the plan ({@link PlannedSamples}).</li>
 * </ul>
 *
 * <p>How results come back ({@link Aggregation}): by default ({@code perf.remotes.samples=
 * aggregate}) each engine aggregates its own samples ({@link EngineRecorderListener}) and sends a
 * cumulative snapshot every {@code perf.remotes.snapshot-interval} to a {@link SnapshotIntake}
 * exported here; the run's recorder merges the engines' latest snapshots, the snapshots double as
 * heartbeats, and at the end the engines' JTLs are merged into results.jtl. With {@code all},
 * JMeter wraps the recorder's listener (it is {@code Remoteable}) so that engines send every
 * sample back; the per-engine breakdown then comes from the thread names, which JMeter prefixes
 * with the engine's {@code host:port}.
 */
public final class DistributedEngine implements LoadEngine, EngineDriver {
  /** How long the probe before the run waits for each engine's connection. */
  static final Duration START_PROBE = Duration.ofSeconds(3);
  private static final Duration LIVE_PROBE = Duration.ofMillis(500);
  private static final Duration QUIET_BEFORE_RELEASE = Duration.ofSeconds(2);
  private static final Duration MAX_DRAIN = Duration.ofSeconds(10);
  /**
   * Longest wait for an engine's first sample before it counts as not started: a cold engine JVM
   * on a busy host took 16 s to start its first test here, and its first samples came later.
   */
  static final Duration START_GRACE = Duration.ofSeconds(60);
  /** System property naming the address engines call the controller back on. */
  static final String CONTROLLER_HOST = "java.rmi.server.hostname";
  /** Longest wait at the end for the engines' final snapshots and JTLs. */
  static final Duration FINAL_WAIT = Duration.ofSeconds(30);

  private final RunExecution execution;
  private final List<String> remotes;
  private final RemoteSplit split;
  private final Duration watchdog;
  /** How long an engine's stopped, abandoned test is given to end before the next run. */
  private static final Duration ABANDONED_STOP = Duration.ofSeconds(3);
  private final int localPort;
  private final RmiTransport transport;
  private final Aggregation aggregation;
  private volatile Run current;
  /**
   * Engines lost in an earlier run of this controller: cut off, their stop never arrived, so they
   * may still run that test (and refuse the next as busy) once their link is back.
   */
  private final Set<String> abandoned = ConcurrentHashMap.newKeySet();
  private volatile RemoteData data = RemoteData.shared();

  public DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, List<String> remotes, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport) {
    this(resultsDir, connectTimeout, responseTimeout, watchers, remotes, split, watchdog,
        localPort, transport, Aggregation.defaults());
  }

  public DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, List<String> remotes, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport, Aggregation aggregation) {
    if (remotes.isEmpty()) {
      throw new IllegalArgumentException("a distributed engine needs at least one remote engine "
          + "(perf.remotes)");
    }
    this.execution = new RunExecution(resultsDir, connectTimeout, responseTimeout, watchers);
    this.remotes = List.copyOf(remotes);
    this.split = split;
    this.watchdog = watchdog;
    this.localPort = localPort;
    this.transport = transport;
    this.aggregation = aggregation;
  }

  @Override
  public synchronized RunResult run(LoadPlan plan) {
    current = new Run(plan.profile(), new EngineBreakdown(remotes));
    System.out.printf("Distributed run on %d engines %s, users split %s, %s, watchdog %d s, "
        + "callbacks to %s, samples %s%n", remotes.size(), remotes, split.name().toLowerCase()
        .replace('_', '-'), transport, watchdog.toSeconds(),
        System.getProperty(CONTROLLER_HOST, addressTowards(remotes.get(0))),
        aggregation.aggregate() ? "aggregated on the engines (snapshot every "
            + aggregation.interval().toMillis() + " ms, JTLs " + aggregation.jtl().name()
            .toLowerCase() + ")" : "all sent to the controller");
    try {
      return execution.run(plan, this);
    } finally {
      Run run = current;
      if (run.intake != null) {
        run.intake.close();
      }
      abandoned.addAll(run.lost);
    }
  }

  @Override
  public TestPlanChild recorderListener(SampleRecorder recorder, RunContext context) {
    if (!aggregation.aggregate()) {
      return recorder.listener();
    }
    Run run = current;
    run.recorder = recorder;
    run.runId = context.runId();
    run.engineJtls = context.directory().resolve("engines");
    return new EngineRecorderListener(() -> run.intake == null ? null : run.intake.stub(),
        new EngineRecorderListener.Settings(context.runId(), context.profile().warmUp(),
            aggregation.interval(), Timeline.windowFor(context.profile().plannedDuration()),
            aggregation.jtl() == RemoteJtl.FETCH, watchdog));
  }

  @Override
  public int engines() {
    return remotes.size();
  }

  @Override
  public LoadProfile perEngine(LoadProfile whole) {
    LoadProfile each = UserSplit.perEngine(whole, remotes.size(), split);
    current.perEngine = each;
    return each;
  }

  @Override
  public List<TestPlanChild> perEngine(String scenario, List<TestPlanChild> planElements) {
    return UserSplit.threadGroupsPerEngine(scenario, planElements, remotes.size(), split);
  }

  @Override
  public void check(DslTestPlan plan) {
    RemotePlanCheck.rejectLambdas(plan);
    Map<String, String> unreachable = EngineReachability.unreachable(remotes, START_PROBE);
    if (!unreachable.isEmpty()) {
      throw new IllegalStateException("remote engine(s) not reachable: "
          + EngineReachability.describe(unreachable) + ". Fix: start each engine (java -jar "
          + "target/perf-suite-remote-engine.jar --port PORT --hostname ADDRESS, or the "
          + "perf-suite/remote-engine image) or correct perf.remotes.");
    }
    stopAbandonedTests();
    DataShipment.ship(plan, remotes, transport, data);
  }

  /**
   * Stops the test an engine lost in an earlier run may still be running (a partition heals,
   * the engine never heard the stop), so that it serves this run instead of refusing it as busy.
   */
  private void stopAbandonedTests() {
    List<String> stopped = new ArrayList<>();
    for (String engine : List.copyOf(abandoned)) {
      abandoned.remove(engine);
      // Bounded: a stalled engine accepts the connection but never answers the RMI call.
      CompletableFuture<Void> stop = CompletableFuture.runAsync(() -> {
        try {
          new ClientJMeterEngine(engine).stopTest(true);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, r -> {
        Thread t = new Thread(r, "perf-stop-abandoned-" + engine);
        t.setDaemon(true);
        t.start();
      });
      try {
        stop.get(ABANDONED_STOP.plus(START_PROBE).toMillis(), TimeUnit.MILLISECONDS);
        stopped.add(engine);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException | TimeoutException e) {
        System.out.println("WARNING: could not stop the earlier test of remote engine " + engine
            + " (lost in an earlier run): " + (e.getCause() == null ? e : e.getCause()));
      }
    }
    if (!stopped.isEmpty()) {
      System.out.println("Stopped the earlier test of remote engine(s) " + stopped + ", lost in "
          + "an earlier run; waiting " + ABANDONED_STOP.toSeconds() + " s for it to end");
      // JMeter has no remote "is busy" query: give the stopped threads time to end.
      sleep(ABANDONED_STOP);
    }
  }

  /** Sets how the plan's data files reach the engines ({@code perf.remotes.data}). */
  public DistributedEngine dataFiles(RemoteData data) {
    this.data = Objects.requireNonNull(data, "data");
    return this;
  }

  @Override
  public DslJmeterEngine jmeter() {
    Run run = current;
    run.worker = Thread.currentThread();
    run.startedNanos = System.nanoTime();
    DistributedJmeterEngine engine = RunExecution.tuned(
        new WithoutDslStatistics(remotes.toArray(String[]::new)));
    engine.localBasePort(localPort);
    transport.jmeterProperties().forEach(engine::prop);
    RmiTransport.SAMPLE_SENDER.forEach(engine::prop);
    prepareRmi();
    if (run.recorder != null) {
      try {
        run.intake = new SnapshotIntake(localPort, run.recorder, run.engineJtls);
      } catch (RemoteException e) {
        throw new IllegalStateException("cannot export the controller's snapshot sink for the "
            + "engines (perf.remotes.local-port=" + localPort + "): " + e.getMessage(), e);
      }
    }
    return engine;
  }

  /** Sets what RMI exports in this JVM read once, before the first export. */
  private void prepareRmi() {
    // JMeter's RmiUtils reads these once, at first use; set them before anything touches it.
    transport.jmeterProperties().forEach(JMeterUtils::setProperty);
    if (localPort != 0) {
      JMeterUtils.setProperty("client.rmi.localport", String.valueOf(localPort));
    }
    if (System.getProperty(CONTROLLER_HOST) == null) {
      // Engines call back (samples, end of test) to objects exported here under this address;
      // JMeter refuses to export them when the host name resolves to a loopback address.
      System.setProperty(CONTROLLER_HOST, addressTowards(remotes.get(0)));
    }
  }

  /** True once every engine of the current run has sent a sample (for tests). */
  public boolean allEnginesSampled() {
    Run run = current;
    if (run != null && run.intake != null) {
      Map<String, RecorderSnapshot> snapshots = run.intake.snapshotsByEngine();
      return remotes.stream().allMatch(e -> snapshots.containsKey(e)
          && snapshots.get(e).samples() > 0);
    }
    return run != null && run.breakdown.lastSampleNanos().values().stream().allMatch(n -> n > 0);
  }

  /** The snapshot sink of the current run, present in aggregate mode (for tests). */
  Optional<SnapshotIntake> intake() {
    Run run = current;
    return Optional.ofNullable(run == null ? null : run.intake);
  }

  /** The longer of {@link #START_GRACE} and the watchdog. */
  private Duration startGrace() {
    return watchdog.compareTo(START_GRACE) > 0 ? watchdog : START_GRACE;
  }

  /** The local address this JVM uses to reach {@code engine}: where engines can call back. */
  static String addressTowards(String engine) {
    int colon = engine.lastIndexOf(':');
    try (DatagramSocket socket = new DatagramSocket()) {
      socket.connect(new InetSocketAddress(engine.substring(0, colon),
          Integer.parseInt(engine.substring(colon + 1))));
      InetAddress local = socket.getLocalAddress();
      if (local != null && !local.isAnyLocalAddress()) {
        return local.getHostAddress();
      }
      return InetAddress.getLocalHost().getHostAddress();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find the local address towards " + engine
          + ". Fix: -D" + CONTROLLER_HOST + "=ADDRESS the engines can reach", e);
    }
  }

  @Override
  public List<SampleObserver> observers() {
    return List.of(current.breakdown);
  }

  @Override
  public Map<String, LabelSummary> engineSummaries() {
    Run run = current;
    if (run.intake != null) {
      Map<String, RecorderSnapshot> snapshots = run.intake.snapshotsByEngine();
      Map<String, LabelSummary> result = new LinkedHashMap<>();
      for (String engine : remotes) {
        RecorderSnapshot snapshot = snapshots.get(engine);
        LabelSummary none = LabelAccumulator.of(engine, Phase.MEASUREMENT).summary();
        result.put(engine, snapshot == null ? none
            : snapshot.label(LabelSummary.OVERALL, Phase.MEASUREMENT)
                .map(l -> l.summary(engine)).orElse(none));
      }
      return result;
    }
    if (run.breakdown.unattributed() > 0) {
      System.out.println("WARNING: " + run.breakdown.unattributed() + " samples came from no "
          + "engine of perf.remotes (thread names without a host:port- prefix)");
    }
    return run.breakdown.summaries();
  }

  @Override
  public Optional<String> shortfall() {
    Run run = current;
    if (run.intake != null) {
      Map<String, RecorderSnapshot> snapshots = run.intake.snapshotsByEngine();
      Map<String, Long> samples = new LinkedHashMap<>();
      Map<String, Integer> threads = new LinkedHashMap<>();
      for (String engine : remotes) {
        RecorderSnapshot snapshot = snapshots.get(engine);
        samples.put(engine, snapshot == null ? 0 : snapshot.samples());
        threads.put(engine, snapshot == null ? 0 : snapshot.threads());
      }
      return PlannedSamples.shortfall(run.perEngine, samples, threads);
    }
    return PlannedSamples.shortfall(run.perEngine, run.breakdown.samples(),
        run.breakdown.threads());
  }

  /**
   * Engines silent for longer than the watchdog: no sample and no accepted connection. Probes
   * only engines without a recent sample, so a busy run costs nothing.
   */
  @Override
  public Optional<String> failure() {
    Run run = current;
    if (run == null || run.startedNanos == 0) {
      return Optional.empty();
    }
    if (run.intake != null) {
      return hung(run);
    }
    long now = System.nanoTime();
    Map<String, Long> lastSamples = run.breakdown.lastSampleNanos();
    List<String> lost = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (String engine : remotes) {
      long lastSample = lastSamples.get(engine);
      if (lastSample > 0 && now - lastSample < TimeUnit.SECONDS.toNanos(1)) {
        run.lastAlive.put(engine, lastSample);
        continue;
      }
      if (lastSample < 0 && now - run.startedNanos > startGrace().toNanos()) {
        // JMeter only logs an engine that failed to configure or start its test, and the DSL
        // then waits for its end-of-test forever.
        silent.add(engine);
        continue;
      }
      if (EngineReachability.problem(engine, LIVE_PROBE).isEmpty()) {
        run.lastAlive.put(engine, System.nanoTime());
        continue;
      }
      long alive = Math.max(lastSample, run.lastAlive.getOrDefault(engine, run.startedNanos));
      if (now - alive > watchdog.toNanos()) {
        lost.add(engine);
      }
    }
    if (lost.isEmpty() && silent.isEmpty()) {
      return Optional.empty();
    }
    run.lost.addAll(lost);
    List<String> reasons = new ArrayList<>();
    if (!lost.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", lost) + " lost: no sample and no "
          + "connection for more than " + watchdog.toSeconds() + " s (perf.remotes.watchdog)");
    }
    if (!silent.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", silent) + " sent no sample within "
          + startGrace().toSeconds() + " s of the start: the test did not "
          + "start there (see the controller's JMeter log: a class or plugin missing on the "
          + "engine, an RMI callback to " + System.getProperty(CONTROLLER_HOST) + " refused"
          + (transport.ssl() ? ", or the keystore not at " + transport.keystore()
          + " on the engine: JMeter needs the same keystore path on every side" : "") + ")");
    }
    return Optional.of(String.join("; ", reasons) + "; the other engines were stopped and the "
        + "samples gathered so far are kept");
  }

  /**
   * Aggregate mode: engines whose snapshots, which double as heartbeats, stopped for longer than
   * the watchdog although their test has not ended; a connected but stalled engine (a stopped
   * process, a full GC, a saturated host) is caught as surely as one that vanished.
   */
  private Optional<String> hung(Run run) {
    long now = System.nanoTime();
    List<String> hung = new ArrayList<>();
    List<String> silent = new ArrayList<>();
    for (String engine : remotes) {
      if (run.intake.ended(engine)) {
        continue;
      }
      Optional<Long> beat = run.intake.heartbeat(engine);
      if (beat.isEmpty()) {
        if (now - run.startedNanos > startGrace().toNanos()) {
          silent.add(engine);
        }
      } else if (now - beat.get() > watchdog.toNanos()) {
        hung.add(engine);
      }
    }
    if (hung.isEmpty() && silent.isEmpty()) {
      return Optional.empty();
    }
    run.lost.addAll(hung);
    run.lost.addAll(silent);
    List<String> reasons = new ArrayList<>();
    if (!hung.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", hung) + " hung: no snapshot "
          + "(heartbeat) for more than " + watchdog.toSeconds() + " s (perf.remotes.watchdog); "
          + "their figures up to their last snapshot are kept");
    }
    if (!silent.isEmpty()) {
      reasons.add("remote engine(s) " + String.join(", ", silent) + " sent no snapshot within "
          + startGrace().toSeconds() + " s of the start: the test did not start there (see the "
          + "engine's log: a class or plugin missing, or an RMI callback to "
          + System.getProperty(CONTROLLER_HOST) + " refused)");
    }
    return Optional.of(String.join("; ", reasons) + "; the other engines were stopped and the "
        + "results gathered so far are kept");
  }

  /** Per engine, each against its own share of the users. */
  @Override
  public List<String> saturation(LoadProfile whole, LabelSummary measured) {
    Run run = current;
    List<String> warnings = new ArrayList<>();
    engineSummaries().forEach((engine, summary) -> Saturation.check(run.perEngine, summary,
        " on engine " + engine).ifPresent(warnings::add));
    return warnings;
  }

  /**
   * Aggregate mode: waits (bounded) for the final snapshot and JTL of every engine not lost,
   * merges the JTLs into the run's results.jtl and reconciles counts per engine.
   */
  @Override
  public List<String> gather(SampleRecorder recorder) {
    Run run = current;
    if (run == null || run.intake == null) {
      return List.of();
    }
    boolean fetch = aggregation.jtl() == RemoteJtl.FETCH;
    long deadline = System.nanoTime() + FINAL_WAIT.toNanos();
    while (System.nanoTime() < deadline && !remotes.stream().filter(e -> !run.lost.contains(e))
        .allMatch(e -> run.intake.ended(e) && (!fetch || run.intake.jtlReceived(e)))) {
      sleep(Duration.ofMillis(100));
    }
    List<String> warnings = new ArrayList<>();
    Map<String, RecorderSnapshot> snapshots = run.intake.snapshotsByEngine();
    for (String engine : remotes) {
      if (!snapshots.containsKey(engine)) {
        warnings.add("remote engine " + engine + " sent no snapshot: none of its samples count");
      } else if (!run.intake.ended(engine)) {
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
      warnings.addAll(mergeJtls(run, snapshots, target));
    } else {
      writeHeaderOnly(target);
      warnings.add("note: perf.remotes.jtl=keep: each engine's JTL stays on its host as WORK/"
          + run.runId + "/HOST_PORT.jtl, WORK being the engine's -Dperf.engine.work-dir (default "
          + "its temp directory/perf-suite-engine); results.jtl here holds only the header");
    }
    return warnings;
  }

  private static String describe(Map<String, RecorderSnapshot> snapshots) {
    List<String> parts = new ArrayList<>();
    snapshots.forEach((engine, s) -> parts.add(engine + "=" + s.samples()));
    return "(" + String.join(", ", parts) + ")";
  }

  private List<String> mergeJtls(Run run, Map<String, RecorderSnapshot> snapshots,
      Path target) {
    List<String> warnings = new ArrayList<>();
    Map<String, Path> received = new LinkedHashMap<>();
    for (String engine : remotes) {
      if (run.intake.jtlReceived(engine)) {
        received.put(engine, run.intake.jtlOf(engine));
      } else {
        warnings.add("the JTL of remote engine " + engine + " could not be fetched (the engine "
            + (run.lost.contains(engine) ? "was lost" : "did not send it in time")
            + "): results.jtl lacks its samples; its aggregated figures still count");
      }
    }
    try {
      Map<String, Long> counts = JtlMerge.merge(received, target);
      counts.forEach((engine, lines) -> {
        RecorderSnapshot snapshot = snapshots.get(engine);
        if (snapshot != null && snapshot.recorded() != lines) {
          warnings.add("reconciliation: the JTL of " + engine + " holds " + lines
              + " samples, its snapshot " + snapshot.recorded());
        }
      });
    } catch (java.io.IOException e) {
      warnings.add("the engines' JTLs could not be merged into " + target + ": " + e);
    }
    return warnings;
  }

  private static void writeHeaderOnly(Path target) {
    try {
      java.nio.file.Files.createDirectories(target.toAbsolutePath().getParent());
      java.nio.file.Files.writeString(target, org.apache.jmeter.save.CSVSaveService
          .printableFieldNamesToString(new org.apache.jmeter.samplers.SampleSaveConfiguration())
          + "\n");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + target, e);
    }
  }

  /**
   * Stops the engines still answering, waits until their last sample batches arrived (bounded),
   * then releases the run's worker, which the DSL would otherwise leave waiting for the
   * end-of-test of a lost engine.
   */
  @Override
  public void stopNow() {
    Run run = current;
    Set<String> lost = run.lost;
    for (String engine : remotes) {
      if (lost.contains(engine)) {
        continue;
      }
      try {
        new ClientJMeterEngine(engine).stopTest(true);
      } catch (Exception e) {
        System.out.println("WARNING: could not stop remote engine " + engine + ": " + e);
      }
    }
    long stopped = System.nanoTime();
    long deadline = stopped + MAX_DRAIN.toNanos();
    while (System.nanoTime() < deadline && !quiet(run, stopped)) {
      sleep(Duration.ofMillis(200));
    }
    Thread worker = run.worker;
    if (worker != null) {
      worker.interrupt();
    }
  }

  /** No sample for a while since the stop: the engines' last batches have arrived. */
  private boolean quiet(Run run, long stoppedNanos) {
    if (run.intake != null) {
      return remotes.stream().filter(e -> !run.lost.contains(e)).allMatch(run.intake::ended);
    }
    long newest = run.breakdown.lastSampleNanos().values().stream()
        .mapToLong(Long::longValue).max().orElse(-1);
    long since = Math.max(newest, stoppedNanos);
    return System.nanoTime() - since > QUIET_BEFORE_RELEASE.toNanos();
  }

  private static void sleep(Duration pause) {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The DSL's distributed engine without its own statistics collector and console summariser.
   * Both are {@code Remoteable} listeners, so JMeter would ship every engine sample to the
   * controller for them alone (P² estimates the suite never reads, and the summariser's lines,
   * which the progress line replaces): in aggregate mode they would undo the aggregation, and in
   * {@code all} mode every sample would cross RMI three times.
   */
  static final class WithoutDslStatistics extends DistributedJmeterEngine {
    WithoutDslStatistics(String... hosts) {
      super(hosts);
    }

    @Override
    protected void addStatsCollector(org.apache.jorphan.collections.HashTree testPlanTree,
        us.abstracta.jmeter.javadsl.core.TestPlanStats stats) {
      // Intentionally empty: see the class comment.
    }

    @Override
    protected TestRunner buildTestRunner(org.apache.jorphan.collections.HashTree testPlanTree,
        org.apache.jorphan.collections.HashTree rootTree,
        us.abstracta.jmeter.javadsl.core.engines.TestStopper testStopper) {
      for (Object element : new ArrayList<>(testPlanTree.list())) {
        if (element instanceof org.apache.jmeter.reporters.ResultCollector collector
            && collector.getClass() == org.apache.jmeter.reporters.ResultCollector.class
            && collector.getFilename().isEmpty()) {
          testPlanTree.remove(element);
        }
      }
      return super.buildTestRunner(testPlanTree, rootTree, testStopper);
    }
  }

  /** What one run needs to remember; replaced at each run. */
  private static final class Run {
    private final EngineBreakdown breakdown;
    private final Map<String, Long> lastAlive = new ConcurrentHashMap<>();
    private final Set<String> lost = ConcurrentHashMap.newKeySet();
    private volatile LoadProfile perEngine;
    private volatile Thread worker;
    private volatile long startedNanos;
    private volatile SnapshotIntake intake;
    private volatile String runId;
    private volatile SampleRecorder recorder;
    private volatile Path engineJtls;

    Run(LoadProfile whole, EngineBreakdown breakdown) {
      this.breakdown = breakdown;
      this.perEngine = whole;
    }
  }
}
