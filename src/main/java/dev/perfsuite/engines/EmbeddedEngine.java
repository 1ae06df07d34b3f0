package dev.perfsuite.engines;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.ThreadGroups;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.RunSummary;
import dev.perfsuite.results.SampleRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.jmeter.engine.StandardJMeterEngine;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Runs plans on jmeter-java-dsl's embedded JMeter engine, in a worker thread the caller can
 * interrupt, with a watchdog that stops a run overrunning its planned duration.
 */
final class EmbeddedEngine implements LoadEngine {
  /** Extra time past the planned duration before the watchdog stops a run. */
  private static final Duration GRACE = Duration.ofSeconds(30);
  private static final Duration STOP_WAIT = Duration.ofSeconds(30);

  private final Path resultsDir;
  private final Duration connectTimeout;
  private final Duration responseTimeout;

  EmbeddedEngine(Path resultsDir, Duration connectTimeout, Duration responseTimeout) {
    this.resultsDir = resultsDir;
    this.connectTimeout = connectTimeout;
    this.responseTimeout = responseTimeout;
  }

  @Override
  public RunResult run(LoadPlan plan) {
    LoadProfile profile = plan.profile();
    Path dir = resultsDir.resolve(plan.scenario());
    clean(dir);
    System.out.printf("%n=== %s: %s ===%n", plan.scenario(), profile);
    List<String> warnings = new ArrayList<>();
    boolean interrupted = false;
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve("results.jtl"),
        profile.warmUp())) {
      DslTestPlan testPlan = testPlan(children(plan, recorder));
      Thread flushOnExit = new Thread(() -> finish(plan, recorder, dir, warnings, true),
          "perf-results-on-exit");
      Runtime.getRuntime().addShutdownHook(flushOnExit);
      ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r,
          "perf-engine-" + plan.scenario()));
      try {
        Future<?> run = runner.submit(() -> testPlan.runIn(jmeter()));
        interrupted = await(run, profile, warnings);
      } finally {
        runner.shutdownNow();
        removeHook(flushOnExit);
      }
      return finish(plan, recorder, dir, warnings, interrupted);
    }
  }

  private TestPlanChild[] children(LoadPlan plan, SampleRecorder recorder) {
    List<TestPlanChild> children = new ArrayList<>();
    children.add(httpDefaults().connectionTimeout(connectTimeout).responseTimeout(responseTimeout));
    children.addAll(plan.planElements());
    children.add(ThreadGroups.of(plan.scenario(), plan.profile(),
        plan.journey().toArray(ThreadGroupChild[]::new)));
    children.add(recorder.listener());
    return children.toArray(TestPlanChild[]::new);
  }

  private static EmbeddedJmeterEngine jmeter() {
    return new EmbeddedJmeterEngine()
        // JTL timestamps are sample starts, as the WSO2 jtl-splitter and JMeter's dashboard expect.
        .prop("sampleresult.timestamp.start", "true")
        // Keep connections across iterations, as WSO2's harness does (user.properties there).
        .prop("httpclient.reset_state_on_thread_group_iteration", "false")
        .prop("httpclient4.time_to_live", "3600000")
        .prop("summariser.interval", "10");
  }

  /** Waits for the run; returns true when it had to be stopped early. */
  private static boolean await(Future<?> run, LoadProfile profile, List<String> warnings) {
    boolean bounded = profile.iterations().isEmpty();
    Duration limit = profile.plannedDuration().plus(GRACE);
    try {
      if (bounded) {
        run.get(limit.toMillis(), TimeUnit.MILLISECONDS);
      } else {
        run.get();
      }
      return false;
    } catch (TimeoutException e) {
      warnings.add("run overran its planned duration by more than " + GRACE.toSeconds()
          + " s and was stopped by the watchdog");
      stop(run);
      return true;
    } catch (InterruptedException e) {
      warnings.add("run interrupted before the end of its profile");
      stop(run);
      Thread.currentThread().interrupt();
      return true;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InterruptedException) {
        warnings.add("run interrupted before the end of its profile");
        return true;
      }
      throw new IllegalStateException("JMeter failed to run the plan: " + cause, cause);
    }
  }

  private static void stop(Future<?> run) {
    StandardJMeterEngine.stopEngineNow();
    try {
      run.get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      run.cancel(true);
    }
  }

  private static RunResult finish(LoadPlan plan, SampleRecorder recorder, Path dir,
      List<String> warnings, boolean interrupted) {
    recorder.flush();
    LoadProfile profile = plan.profile();
    List<String> all = new ArrayList<>(warnings);
    List<RunSummary> summaries = recorder.summaries();
    RunResult draft = new RunResult(plan.scenario(), profile.peakUsers(), profile.thinkTime(),
        profile.warmUp(), summaries, all, dir, interrupted);
    openModelCap(profile, draft, recorder.maxActiveThreads()).ifPresent(all::add);
    if (draft.overall(Phase.MEASUREMENT).samples() == 0) {
      all.add("no samples in the measurement phase: the run was shorter than its warm-up");
    }
    RunResult result = new RunResult(plan.scenario(), profile.peakUsers(), profile.thinkTime(),
        profile.warmUp(), summaries, all, dir, interrupted);
    ResultFiles.write(result, recorder.origin());
    System.out.println(ResultFiles.console(result));
    return result;
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
              + "target %.1f req/s: raise perf.max-threads", profile.maxThreads(), achieved, target));
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
      if (Files.exists(dir)) {
        try (Stream<Path> files = Files.walk(dir)) {
          for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(p);
          }
        }
      }
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare results directory " + dir, e);
    }
  }
}
