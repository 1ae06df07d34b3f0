package dev.perfsuite.engines;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.LatencyFigure;
import dev.perfsuite.files.DirectoryTree;
import dev.perfsuite.profiles.ArrivalTimer;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.ThreadGroups;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyWarnings;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.StopReason;
import dev.perfsuite.results.Timeline;
import dev.perfsuite.results.TimelineRecorder;
import dev.perfsuite.users.StartReport;
import dev.perfsuite.users.UserConnections;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.http.DslHttpDefaults;

/**
 * The skeleton every engine shares, from cleaning the run's directory to handing over the result.
 * It records every sample (the JTL), feeds the watchers, runs the plan in a worker the caller can
 * interrupt, stops it when it overruns or the driver reports a failure, and hands the result to the
 * watchers, even from a shutdown hook on Ctrl-C. Summary files and the console table come from a
 * watcher the caller registers ({@code reporting.ResultFiles.watcher()}); this package knows no
 * report.
 */
public final class RunExecution {
  private static final Logger LOG = LoggerFactory.getLogger(RunExecution.class);
  private static final Duration STOP_WAIT = Duration.ofSeconds(30);
  private static final Duration POLL = Duration.ofSeconds(1);

  private final Path resultsDir;
  private final Duration connectTimeout;
  private final Duration responseTimeout;
  private final List<RunWatcher> watchers;

  public RunExecution(Path resultsDir, Duration connectTimeout, Duration responseTimeout,
      List<RunWatcher> watchers) {
    this.resultsDir = resultsDir;
    this.connectTimeout = connectTimeout;
    this.responseTimeout = responseTimeout;
    this.watchers = List.copyOf(watchers);
  }

  /**
   * The settings of a run its engine was given ({@code PerfConfig.run()}), else this JVM's keys
   * read now. Called once at each run's start, so a key set before a run counts for that run.
   *
   * @throws dev.perfsuite.config.ConfigException naming a bad key, its value and the fix
   */
  public static RunSettings settingsOf(Optional<RunSettings> given) {
    return given.orElseGet(RunSettings::fromThisJvm);
  }

  /**
   * JMeter properties every engine runs with; remote engines set them at their own start
   * ({@code engines.server.RemoteEngineMain}), because the controller does not forward them.
   */
  public static final Map<String, String> SHARED_PROPERTIES = GeneratorSettings.plus(Map.of(
      // JTL timestamps are sample starts, as the WSO2 jtl-splitter and JMeter's dashboard expect.
      "sampleresult.timestamp.start", "true",
      // Keep connections across iterations, as WSO2's harness does (user.properties there).
      "httpclient.reset_state_on_thread_group_iteration", "false",
      "httpclient4.time_to_live", "3600000",
      "summariser.interval", "10"));

  /** {@code engine} with {@link #SHARED_PROPERTIES} set. */
  public static <E extends EmbeddedJmeterEngine> E tuned(E engine) {
    SHARED_PROPERTIES.forEach(engine::prop);
    return engine;
  }

  /** Runs {@code plan} on {@code driver} with the run's {@code settings}, read at its entry. */
  public RunResult run(LoadPlan plan, EngineDriver driver, RunSettings settings) {
    try {
      return recorded(plan, driver, settings);
    } finally {
      // Only now: the recorder, closed, has written every sample with its intended start.
      ArrivalTimer.stopCarryingIntendedStart();
    }
  }

  private RunResult recorded(LoadPlan plan, EngineDriver driver, RunSettings settings) {
    LoadProfile profile = plan.profile();
    Path dir = resultsDir.resolve(plan.scenario());
    clean(dir);
    System.out.printf("%n=== %s: %s ===%n", plan.scenario(), profile);
    RunContext context = new RunContext(plan.scenario(), UUID.randomUUID().toString(), profile,
        dir, driver.engines(), settings.labelsMax());
    List<String> warnings = new ArrayList<>();
    TimelineRecorder timeline = TimelineRecorder.every(Timeline.windowFor(profile
        .plannedDuration()), settings.labelsMax());
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve(ResultDirectory.JTL),
        profile.warmUp(), settings)) {
      recorder.observe(timeline);
      driver.observers().forEach(recorder::observe);
      // A plan with its own thread groups (a JMX) has each group's threads shared alike.
      List<TestPlanChild> elements = plan.ownThreadGroups()
          ? driver.perEngine(plan.scenario(), plan.planElements()) : plan.planElements();
      LoadProfile threads = driver.perEngine(profile);
      List<StartReport> starts = new CopyOnWriteArrayList<>();
      List<TestPlanChild> withClient = new ArrayList<>(List.of(children(plan, elements, threads,
          starts::add, driver.recorderListener(recorder, context))));
      // Last: its swap must run after the samplers' own end-of-build steps, which set their
      // Use KeepAlive and redirect flags (a copy made before them lacks those).
      HttpClientChoice.of(settings, threads.connections(), warnings)
          .ifPresent(withClient::add);
      DslTestPlan testPlan = testPlan(withClient.toArray(TestPlanChild[]::new));
      driver.check(testPlan);
      watchers.forEach(w -> recorder.observe(w.runStarting(context)));
      Outcome outcome = new Outcome(plan, context, recorder, timeline, driver, dir, warnings,
          starts);
      AtomicReference<Future<?>> running = new AtomicReference<>();
      // SIGINT or SIGTERM: stop the samplers first, so that no sample lands in the JTL after the
      // summary was taken, then write the results marked interrupted.
      Thread flushOnExit = new Thread(() -> {
        outcome.signalled = true;
        Duration wait = driver.signalled();
        Optional.ofNullable(running.get()).ifPresent(r -> stop(r, driver, wait));
        outcome.finish(Optional.of(StopReason.signal()));
      }, "perf-results-on-exit");
      Runtime.getRuntime().addShutdownHook(flushOnExit);
      ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r,
          "perf-engine-" + plan.scenario()));
      Optional<StopReason> stopped;
      try {
        Future<?> run = runner.submit(() -> testPlan.runIn(driver.jmeter()));
        running.set(run);
        stopped = await(run, profile, driver, watchers);
      } finally {
        runner.shutdownNow();
        removeHook(flushOnExit);
      }
      return outcome.finish(stopped);
    }
  }

  private TestPlanChild[] children(LoadPlan plan, List<TestPlanChild> elements,
      LoadProfile threads, Consumer<StartReport> starts, TestPlanChild listener) {
    List<TestPlanChild> children = new ArrayList<>();
    DslHttpDefaults defaults = httpDefaults().connectionTimeout(connectTimeout)
        .responseTimeout(responseTimeout);
    children.add(threads.connections() == UserConnections.PER_REQUEST
        ? defaults.useKeepAlive(false) : defaults);
    // The DSL adds a browser-like HTTP cache manager to every plan; API load must not be served
    // from a cache, and it doubled the generator's CPU per request (docs/performance.md,
    // "Figures behind design choices").
    children.add(httpCache().disable());
    children.addAll(elements);
    if (!plan.ownThreadGroups()) {
      children.add(ThreadGroups.of(plan.scenario(), threads, starts,
          plan.journey().toArray(ThreadGroupChild[]::new)));
    }
    children.add(listener);
    return children.toArray(TestPlanChild[]::new);
  }

  /** Waits for the run; returns why it had to be stopped early, empty when it ran to its end. */
  static Optional<StopReason> await(Future<?> run, LoadProfile profile,
      EngineDriver driver, List<RunWatcher> watchers) {
    boolean bounded = profile.iterations().isEmpty();
    Duration grace = EndGrace.of(profile);
    long deadline = System.nanoTime() + profile.plannedDuration().plus(grace).toNanos();
    try {
      while (true) {
        try {
          run.get(POLL.toMillis(), TimeUnit.MILLISECONDS);
          return Optional.empty();
        } catch (TimeoutException e) {
          Optional<StopReason> failure = driver.failure().map(StopReason::engine)
              .or(() -> watchers.stream().map(RunWatcher::stopRequest)
                  .flatMap(Optional::stream).findFirst().map(StopReason::rule));
          if (failure.isPresent()) {
            stop(run, driver);
            return failure;
          }
          if (bounded && System.nanoTime() > deadline) {
            stop(run, driver);
            return Optional.of(StopReason.watchdog(grace.toSeconds()));
          }
        }
      }
    } catch (InterruptedException e) {
      stop(run, driver);
      Thread.currentThread().interrupt();
      return Optional.of(StopReason.interrupted());
    } catch (CancellationException e) {
      // The signal's hook cancelled a run that did not stop in time. Escaping here would close
      // the recorder under the hook's own finish and cost the summary: finish the run instead.
      return Optional.of(StopReason.interrupted());
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InterruptedException) {
        return Optional.of(StopReason.interrupted());
      }
      Optional<String> failure = driver.failure();
      if (failure.isPresent()) {
        return failure.map(StopReason::engine);
      }
      throw new IllegalStateException("JMeter failed to run the plan: " + cause, cause);
    }
  }

  private static void stop(Future<?> run, EngineDriver driver) {
    stop(run, driver, STOP_WAIT);
  }

  private static void stop(Future<?> run, EngineDriver driver, Duration wait) {
    driver.stopNow();
    try {
      run.get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      run.cancel(true);
    }
  }

  /** Turns what was recorded into a {@link RunResult} and tells the watchers, in their order. */
  private final class Outcome {
    private final LoadPlan plan;
    private final RunContext context;
    private final SampleRecorder recorder;
    private final TimelineRecorder timeline;
    private final EngineDriver driver;
    private final Path dir;
    private final List<String> warnings;
    private final List<StartReport> starts;
    /** Set by the shutdown hook: the run ends interrupted, whoever finishes it. */
    private volatile boolean signalled;
    private RunResult finished;

    Outcome(LoadPlan plan, RunContext context, SampleRecorder recorder, TimelineRecorder timeline,
        EngineDriver driver, Path dir, List<String> warnings, List<StartReport> starts) {
      this.plan = plan;
      this.context = context;
      this.recorder = recorder;
      this.timeline = timeline;
      this.driver = driver;
      this.dir = dir;
      this.warnings = warnings;
      this.starts = starts;
    }

    /** The result, built once: the shutdown hook and the run's own thread may both ask. */
    synchronized RunResult finish(Optional<StopReason> stoppedEarly) {
      if (finished == null) {
        // A signal wins: whoever finishes first, the run did not end on its own.
        finished = result(signalled ? Optional.of(StopReason.signal()) : stoppedEarly);
      }
      return finished;
    }

    private RunResult result(Optional<StopReason> stoppedEarly) {
      stoppedEarly.ifPresent(s -> warnings.add(s.warning()));
      List<String> gathered = driver.gather(recorder);
      recorder.flush();
      LoadProfile profile = plan.profile();
      List<String> all = new ArrayList<>(warnings);
      all.addAll(gathered);
      // A full disk cut the JTL short: the statistics are whole, the files are not.
      recorder.jtlIncomplete().ifPresent(all::add);
      recorder.labelCapWarning().ifPresent(all::add);
      recorder.backpressure().ifPresent(all::add);
      Optional<StopReason> stop = stoppedEarly;
      if (stop.isEmpty()) {
        // A run that delivered less than its plan did not complete it: the verdict must fail.
        stop = driver.shortfall().map(StopReason::shortfall);
        stop.ifPresent(s -> all.add(s.warning()));
      }
      boolean interrupted = stop.isPresent();
      List<LabelSummary> summaries = recorder.summaries();
      RunResult draft = new RunResult(plan.scenario(), profile.peakUsers(), profile.thinkTime(),
          profile.warmUp(), summaries, all, dir, stop);
      openModelCap(profile, draft, recorder.maxActiveThreads()).ifPresent(all::add);
      LabelSummary measured = draft.overall(Phase.MEASUREMENT);
      if (profile.model() == LoadModel.OPEN) {
        LatencyWarnings.behindSchedule(measured, profile.maxThreads()).ifPresent(all::add);
        if (!interrupted && driver.engines() == 1) {
          long sent = measured.samples() + draft.overall(Phase.WARM_UP).samples();
          LatencyWarnings.unsent(profile.plannedArrivals(), sent, profile.maxThreads())
              .ifPresent(all::add);
        }
      } else {
        LatencyWarnings.coordinatedOmission(measured).ifPresent(all::add);
      }
      WarmUpCheck.stillRising(profile, timeline.timeline()).ifPresent(all::add);
      if (!interrupted) {
        // A stopped run's phase is not steady: its tail would read as idle users.
        all.addAll(driver.saturation(profile, draft.overall(Phase.MEASUREMENT)));
      }
      // A stopped run has its reason among the warnings already; these two would blame the plan.
      if (draft.overall(Phase.MEASUREMENT).samples() == 0 && !interrupted) {
        all.add(profile.warmUp().isZero() ? "no samples measured: the plan made no request "
            + "(its thread groups, timers or CSV data ended it before any sample)"
            : "no samples in the measurement phase: the run was shorter than its warm-up");
      }
      long origin = recorder.origin();
      RunResult result = new RunResult(plan.scenario(), profile.peakUsers(), profile.thinkTime(),
          profile.warmUp(), summaries, all, dir, stop, timeline.timeline(),
          driver.engineSummaries(), LatencyFigure.RESPONSE, starts,
          origin < 0 ? Optional.empty() : Optional.of(Instant.ofEpochMilli(origin)));
      for (RunWatcher watcher : watchers) {
        try {
          watcher.runEnded(context, result);
        } catch (RuntimeException e) {
          // A broken watcher must not cost the other watchers' results (the summary files).
          // The warning names the failure; the stack trace is a diagnostic.
          LOG.warn("{} failed at the end of the run: {}", watcher.getClass().getSimpleName(),
              e.toString());
          LOG.debug("{} failed at the end of the run", watcher.getClass().getName(), e);
        }
      }
      return result;
    }
  }

  private static Optional<String> openModelCap(LoadProfile profile, RunResult result,
      int maxActive) {
    if (profile.model() != LoadModel.OPEN) {
      return Optional.empty();
    }
    double achieved = result.overall(Phase.MEASUREMENT).throughput();
    double target = profile.stages().get(profile.stages().size() - 1).level();
    if (achieved < 0.95 * target && maxActive >= profile.maxThreads()) {
      return Optional.of(String.format(Locale.ROOT,
          "the thread cap (perf.max-threads=%d) kept the offered rate at %.1f req/s, below the "
              + "target %.1f req/s: raise perf.max-threads", profile.maxThreads(), achieved,
          target));
    }
    return Optional.empty();
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down: the hook is running and writes the results.
    }
  }

  private static void clean(Path dir) {
    try {
      DirectoryTree.delete(dir);
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare results directory " + dir, e);
    }
  }
}
