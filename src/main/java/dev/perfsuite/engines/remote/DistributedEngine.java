package dev.perfsuite.engines.remote;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.RemoteData;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.EngineDriver;
import dev.perfsuite.engines.EngineVersions;
import dev.perfsuite.engines.LoadEngine;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.RmiSockets;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunExecution;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.engines.Saturation;
import dev.perfsuite.engines.UserSplit;
import dev.perfsuite.engines.shipment.DataShipment;
import dev.perfsuite.plugins.PluginShipment;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleRecorder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 *   <li>A watchdog: an engine that sends nothing for {@code perf.remotes.watchdog} is declared
 *       lost; the other engines are stopped, the results gathered so far are kept and the run
 *       fails naming it. The DSL alone would wait for the lost engine's end-of-test forever.</li>
 *   <li>An engine that refuses the test (a class of the plan missing there) fails the run at the
 *       next watchdog poll, naming it and its error ({@link StartFailures}).</li>
 *   <li>Each engine's sample count is reconciled with the plan ({@link PlannedSamples}).</li>
 * </ul>
 *
 * <p>How results come back ({@link Aggregation}) is the run's {@link RemoteResults}:
 * {@link AggregatedResults} by default ({@code perf.remotes.samples=aggregate}), each engine
 * sending snapshots, or {@link SampledResults} ({@code all}), every sample crossing RMI. The RMI
 * set-up is {@link ControllerRmi}'s, stopping engines {@link EngineStops}'.
 */
public final class DistributedEngine implements LoadEngine, EngineDriver {
  private static final Logger LOG = LoggerFactory.getLogger(DistributedEngine.class);
  /** How long the probe before the run waits for each engine's connection. */
  static final Duration START_PROBE = Duration.ofSeconds(3);
  private static final Duration MAX_DRAIN = Duration.ofSeconds(10);
  private static final Duration MAX_DRAIN_SIGNALLED = Duration.ofSeconds(2);
  /** Under a signal, the wait for the run's end after the stop: the summary must be out in 10 s. */
  private static final Duration STOP_WAIT_SIGNALLED = Duration.ofSeconds(1);

  private final RunExecution execution;
  private final EngineDiscovery discovery;
  /** This run's engines: {@code perf.remotes}, with {@code dns:} entries resolved at its start. */
  private volatile List<String> remotes;
  private final RemoteSplit split;
  private final Duration watchdog;
  private final int localPort;
  private final RmiTransport transport;
  private final Aggregation aggregation;
  private volatile ControllerRmi rmi;
  private volatile RemoteRun current;
  private volatile RemoteResults results;
  /**
   * Engines lost in an earlier run of this controller, cut off before their stop arrived. They may
   * still run that test (and refuse the next as busy) once their link is back.
   */
  private final Map<String, RunToken> abandoned = new ConcurrentHashMap<>();
  private volatile RemoteData data = RemoteData.shared();
  /** The run's settings of a configuration; empty reads this JVM's at each run's start. */
  private volatile Optional<RunSettings> settings = Optional.empty();

  public DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, List<String> remotes, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport) {
    this(resultsDir, connectTimeout, responseTimeout, watchers, remotes, split, watchdog,
        localPort, transport, Aggregation.defaults());
  }

  public DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, List<String> remotes, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport, Aggregation aggregation) {
    this(resultsDir, connectTimeout, responseTimeout, watchers, EngineDiscovery.fixed(remotes),
        split, watchdog, localPort, transport, aggregation);
  }

  /**
   * Engines found by {@code discovery} at the start of each run ({@code dns:NAME:PORT},
   * {@code perf.remotes.expected}).
   */
  public DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, EngineDiscovery discovery, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport, Aggregation aggregation) {
    this.execution = new RunExecution(resultsDir, connectTimeout, responseTimeout, watchers);
    this.discovery = discovery;
    this.remotes = discovery.entries();
    this.split = split;
    this.watchdog = watchdog;
    this.localPort = localPort;
    this.transport = transport;
    this.aggregation = aggregation;
    this.rmi = new ControllerRmi(this.remotes, localPort, transport);
  }

  @Override
  public synchronized RunResult run(LoadPlan plan) {
    RunSettings runSettings = RunExecution.settingsOf(settings);
    if (!discovery.isFixed()) {
      remotes = discovery.resolve();
      rmi = new ControllerRmi(remotes, localPort, transport);
    }
    RemoteRun run = new RemoteRun(remotes, watchdog, plan.profile());
    current = run;
    RemoteResults mode = RemoteResults.of(run, aggregation, localPort, transport,
        runSettings);
    results = mode;
    if (LOG.isInfoEnabled()) {
      LOG.info("Distributed run on {} engines {}, users split {}, {}, watchdog {} s, callbacks "
          + "to {}, samples {}", remotes.size(), remotes, split.name().toLowerCase()
          .replace('_', '-'), transport, watchdog.toSeconds(), rmi.callbackAddress(),
          aggregation.aggregate() ? "aggregated on the engines (snapshot every "
              + aggregation.interval().toMillis() + " ms, JTLs " + aggregation.jtl().name()
              .toLowerCase() + ")" : "all sent to the controller");
    }
    try {
      return execution.run(plan, this, runSettings);
    } finally {
      mode.close();
      run.lost().forEach(engine -> abandoned.put(engine, run.token()));
    }
  }

  @Override
  public TestPlanChild recorderListener(SampleRecorder recorder, RunContext context) {
    return results.recorderListener(recorder, context);
  }

  @Override
  public int engines() {
    return remotes.size();
  }

  @Override
  public LoadProfile perEngine(LoadProfile whole) {
    LoadProfile each = UserSplit.perEngine(whole, remotes.size(), split);
    current.perEngine(each);
    return each;
  }

  @Override
  public List<TestPlanChild> perEngine(String scenario, List<TestPlanChild> planElements) {
    return UserSplit.threadGroupsPerEngine(scenario, planElements, remotes.size(), split);
  }

  @Override
  public void check(DslTestPlan plan) {
    rmi.refuseClearCallbackBeyondLoopback();
    RemotePlanCheck.rejectLambdas(plan);
    Map<String, String> unreachable = EngineReachability.unreachable(remotes, START_PROBE);
    if (!unreachable.isEmpty()) {
      throw new IllegalStateException("remote engine(s) not reachable: "
          + EngineReachability.describe(unreachable) + ". Fix: start each engine (java -jar "
          + "target/perf-suite-remote-engine.jar --port PORT --hostname ADDRESS, or the "
          + "perf-suite/remote-engine image) or correct perf.remotes.");
    }
    Map<String, EngineHandshake.Answer> answers = EngineHandshake.check(remotes, transport,
        RmiSockets.CONNECT);
    Map<String, EngineClock> clocks = new LinkedHashMap<>();
    answers.forEach((engine, theirs) -> {
      clocks.put(engine, theirs.clock());
      if (LOG.isInfoEnabled()) {
        LOG.info("remote engine {}: {}, clock {}", engine,
            EngineVersions.describe(theirs.versions()), theirs.clock().describe());
      }
    });
    RemoteRun run = current;
    if (run != null) {
      run.start().clocks(clocks);
    }
    EngineStops.stopAbandoned(abandoned, START_PROBE, watchdog);
    // The run's token: while a test runs, an engine takes uploads from its controller only.
    String token = current.token().value();
    DataShipment.ship(plan, remotes, transport, data, token);
    PluginShipment.ship(remotes, transport, token);
  }

  /** Sets how the plan's data files reach the engines ({@code perf.remotes.data}). */
  public DistributedEngine dataFiles(RemoteData data) {
    this.data = Objects.requireNonNull(data, "data");
    return this;
  }

  /**
   * Sets the settings every run of this engine uses ({@code PerfConfig.run()}); unset, each run
   * reads this JVM's keys at its start.
   */
  public DistributedEngine runSettings(RunSettings run) {
    this.settings = Optional.of(run);
    return this;
  }

  @Override
  public DslJmeterEngine jmeter() {
    current.started(Thread.currentThread());
    DistributedJmeterEngine engine = rmi.engine(current.starts(), current.token());
    results.open();
    return engine;
  }

  /** The spread of the current run's engine starts, once two or more started (for tests). */
  public Optional<Duration> startSkew() {
    RemoteRun run = current;
    return run == null ? Optional.empty() : run.start().skew();
  }

  /** True once every engine of the current run has sent a sample (for tests). */
  public boolean allEnginesSampled() {
    RemoteResults mode = results;
    return mode != null && mode.allSampled();
  }

  /** The snapshot sink of the current run, present in aggregate mode (for tests). */
  Optional<SnapshotIntake> intake() {
    return results instanceof AggregatedResults aggregated ? aggregated.intake()
        : Optional.empty();
  }

  @Override
  public List<SampleObserver> observers() {
    return List.of(current.breakdown());
  }

  @Override
  public Map<String, LabelSummary> engineSummaries() {
    return results.engineSummaries();
  }

  @Override
  public Optional<String> shortfall() {
    return results.shortfall();
  }

  /**
   * An engine that refused the test ({@link StartFailures}), else the run's watchdog
   * ({@link SampleWatchdog} or {@link HeartbeatWatchdog}).
   */
  @Override
  public Optional<String> failure() {
    RemoteRun run = current;
    if (run == null || run.startedNanos() == 0) {
      return Optional.empty();
    }
    return run.starts().failure().or(results::failure);
  }

  /** Per engine, each against its own share of the users. */
  @Override
  public List<String> saturation(LoadProfile whole, LabelSummary measured) {
    RemoteRun run = current;
    List<String> warnings = new ArrayList<>();
    engineSummaries().forEach((engine, summary) -> Saturation.check(run.perEngine(), summary,
        " on engine " + engine).ifPresent(warnings::add));
    return warnings;
  }

  @Override
  public List<String> gather(SampleRecorder recorder) {
    RemoteResults mode = results;
    return mode == null ? List.of() : mode.gather(recorder);
  }

  /**
   * Stops the engines still answering and releases the run's worker. It waits (bounded) until their
   * last results arrived; the DSL would otherwise leave the worker waiting for the end-of-test of a
   * lost engine.
   */
  @Override
  public Duration signalled() {
    RemoteRun run = current;
    if (run != null) {
      run.hurry();
    }
    return STOP_WAIT_SIGNALLED;
  }

  @Override
  public void stopNow() {
    RemoteRun run = current;
    RemoteResults mode = results;
    EngineStops.stop(run.alive(), run.wait(EngineStops.STOP, EngineStops.STOP_SIGNALLED),
        run.token());
    long stopped = System.nanoTime();
    long deadline = stopped + run.wait(MAX_DRAIN, MAX_DRAIN_SIGNALLED).toNanos();
    while (System.nanoTime() < deadline && !mode.quiet(stopped)) {
      RemoteRun.sleep(Duration.ofMillis(200));
    }
    Thread worker = run.worker();
    if (worker != null) {
      worker.interrupt();
    }
  }
}
