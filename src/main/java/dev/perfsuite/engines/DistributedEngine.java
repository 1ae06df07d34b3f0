package dev.perfsuite.engines;

import dev.perfsuite.config.RemoteData;
import dev.perfsuite.config.RemoteSplit;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.RunSummary;
import dev.perfsuite.results.SampleObserver;
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
import org.apache.jmeter.engine.ClientJMeterEngine;
import org.apache.jmeter.util.JMeterUtils;
import us.abstracta.jmeter.javadsl.core.DslJmeterEngine;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
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
 * <p>Every engine's samples reach the run's own recorder: JMeter wraps the recorder's listener
 * (it is {@code Remoteable}) so that engines send their samples back in batches. The per-engine
 * breakdown comes from the thread names, which JMeter prefixes with the engine's
 * {@code host:port}.
 */
final class DistributedEngine implements LoadEngine, EngineDriver {
  /** How long the probe before the run waits for each engine's connection. */
  static final Duration START_PROBE = Duration.ofSeconds(3);
  private static final Duration LIVE_PROBE = Duration.ofMillis(500);
  private static final Duration QUIET_BEFORE_RELEASE = Duration.ofSeconds(2);
  private static final Duration MAX_DRAIN = Duration.ofSeconds(10);
  /**
   * How engines send samples back, set on the engines ({@link RemoteEngineMain}): at once from a
   * background thread, response bodies stripped. JMeter's default (StrippedBatch) holds samples
   * until 100 are queued, so a slow scenario's samples would arrive minutes late and the
   * watchdog, the progress line and live metrics would see a silent engine.
   */
  static final Map<String, String> SAMPLE_SENDER = Map.of("mode", "StrippedAsynch",
      "asynch.batch.queue.size", "1000");
  /**
   * Longest wait for an engine's first sample before it counts as not started: a cold engine JVM
   * on a busy host took 16 s to start its first test here, and its first samples came later.
   */
  static final Duration START_GRACE = Duration.ofSeconds(60);
  /** System property naming the address engines call the controller back on. */
  static final String CONTROLLER_HOST = "java.rmi.server.hostname";

  private final RunExecution execution;
  private final List<String> remotes;
  private final RemoteSplit split;
  private final Duration watchdog;
  private final int localPort;
  private final RmiTransport transport;
  private volatile Run current;
  private volatile RemoteData data = RemoteData.shared();

  DistributedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers, List<String> remotes, RemoteSplit split, Duration watchdog,
      int localPort, RmiTransport transport) {
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
  }

  @Override
  public synchronized RunResult run(LoadPlan plan) {
    current = new Run(plan.profile(), new EngineBreakdown(remotes));
    System.out.printf("Distributed run on %d engines %s, users split %s, %s, watchdog %d s, "
        + "callbacks to %s%n", remotes.size(), remotes, split.name().toLowerCase()
        .replace('_', '-'), transport, watchdog.toSeconds(),
        System.getProperty(CONTROLLER_HOST, addressTowards(remotes.get(0))));
    return execution.run(plan, this);
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
  public void check(DslTestPlan plan) {
    RemotePlanCheck.rejectLambdas(plan);
    Map<String, String> unreachable = EngineReachability.unreachable(remotes, START_PROBE);
    if (!unreachable.isEmpty()) {
      throw new IllegalStateException("remote engine(s) not reachable: "
          + EngineReachability.describe(unreachable) + ". Fix: start each engine (java -jar "
          + "target/perf-suite-remote-engine.jar --port PORT --hostname ADDRESS, or the "
          + "perf-suite/remote-engine image) or correct perf.remotes.");
    }
    DataShipment.ship(plan, remotes, transport, data);
  }

  /** Sets how the plan's data files reach the engines ({@code perf.remotes.data}). */
  DistributedEngine dataFiles(RemoteData data) {
    this.data = Objects.requireNonNull(data, "data");
    return this;
  }

  @Override
  public DslJmeterEngine jmeter() {
    Run run = current;
    run.worker = Thread.currentThread();
    run.startedNanos = System.nanoTime();
    DistributedJmeterEngine engine = RunExecution.tuned(
        new DistributedJmeterEngine(remotes.toArray(String[]::new)));
    engine.localBasePort(localPort);
    Map<String, String> rmi = transport.jmeterProperties();
    rmi.forEach(engine::prop);
    SAMPLE_SENDER.forEach(engine::prop);
    // JMeter's RmiUtils reads these once, at first use; set them before anything touches it.
    rmi.forEach(JMeterUtils::setProperty);
    if (System.getProperty(CONTROLLER_HOST) == null) {
      // Engines call back (samples, end of test) to objects exported here under this address;
      // JMeter refuses to export them when the host name resolves to a loopback address.
      System.setProperty(CONTROLLER_HOST, addressTowards(remotes.get(0)));
    }
    return engine;
  }

  /** True once every engine of the current run has sent a sample (for tests). */
  boolean allEnginesSampled() {
    Run run = current;
    return run != null && run.breakdown.lastSampleNanos().values().stream().allMatch(n -> n > 0);
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
  public Map<String, RunSummary> engineSummaries() {
    Run run = current;
    if (run.breakdown.unattributed() > 0) {
      System.out.println("WARNING: " + run.breakdown.unattributed() + " samples came from no "
          + "engine of perf.remotes (thread names without a host:port- prefix)");
    }
    return run.breakdown.summaries();
  }

  @Override
  public Optional<String> shortfall() {
    Run run = current;
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
  private static boolean quiet(Run run, long stoppedNanos) {
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

  /** What one run needs to remember; replaced at each run. */
  private static final class Run {
    private final EngineBreakdown breakdown;
    private final Map<String, Long> lastAlive = new ConcurrentHashMap<>();
    private final Set<String> lost = ConcurrentHashMap.newKeySet();
    private volatile LoadProfile perEngine;
    private volatile Thread worker;
    private volatile long startedNanos;

    Run(LoadProfile whole, EngineBreakdown breakdown) {
      this.breakdown = breakdown;
      this.perEngine = whole;
    }
  }
}
