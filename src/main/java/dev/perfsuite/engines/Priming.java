package dev.perfsuite.engines;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.files.DirectoryTree;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.profiles.ThreadGroups;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Primes a cold JVM before its first measured run, and backends before the first run that uses
 * them. The plan's journey runs briefly in this JVM's embedded JMeter, through a sample recorder of
 * its own, against the same services ({@code PerfSession} decides when). The JIT then has compiled
 * the sample path, and the local backends have served their first requests, before any sample is
 * measured: a class run alone otherwise measures its JVM's warm-up, well past a warm-up of seconds
 * (docs/performance.md, "Figures behind design choices").
 *
 * <p>Excluded from every figure: nothing of it reaches the run's results, the history, live
 * metrics, progress lines or the report; its JTL lives in a temporary directory deleted at once.
 * Bounded by {@code perf.prime} (hold) plus the HTTP timeouts. With {@code perf.engine=distributed}
 * it primes the controller and the target, not the remote engines' JVMs.
 */
public final class Priming {
  private static final Logger LOG = LoggerFactory.getLogger(Priming.class);
  /** Users of the priming run at most: enough threads to compile the shared code paths. */
  static final int MAX_USERS = 4;

  private Priming() {
  }

  /**
   * Primes with {@code plan} and logs one line saying so.
   *
   * @param length how long the priming load holds ({@code perf.prime})
   * @param settings the run's settings (the priming recorder's JTL and label cap)
   * @return the line logged
   */
  public static String prime(LoadPlan plan, Duration length, Duration connectTimeout,
      Duration responseTimeout, RunSettings settings) {
    String line = run(plan, length, connectTimeout, responseTimeout, settings);
    LOG.info(line);
    return line;
  }

  /** Runs the priming load for {@code plan} and describes it in one line. */
  static String run(LoadPlan plan, Duration length, Duration connectTimeout,
      Duration responseTimeout, RunSettings settings) {
    int users = Math.max(1, Math.min(MAX_USERS, plan.profile().peakUsers()));
    LoadProfile profile = Profiles.smoke().withWarmUp(Duration.ZERO).withUsers(users)
        .withRampUp(Duration.ZERO).withHold(length);
    Path dir = null;
    long started = System.nanoTime();
    try {
      dir = Files.createTempDirectory("perf-prime");
      LabelSummary total;
      try (SampleRecorder recorder = SampleRecorder.create(dir.resolve("prime.jtl"),
          Duration.ZERO, settings)) {
        List<TestPlanChild> children = new ArrayList<>();
        children.add(httpDefaults().connectionTimeout(connectTimeout)
            .responseTimeout(responseTimeout));
        children.add(httpCache().disable());
        children.addAll(plan.planElements());
        children.add(ThreadGroups.of("prime-" + plan.scenario(), profile,
            plan.journey().toArray(ThreadGroupChild[]::new)));
        children.add(recorder.listener());
        testPlan(children.toArray(TestPlanChild[]::new))
            .runIn(RunExecution.tuned(new EmbeddedEngine.WithoutDslStatistics()));
        recorder.flush();
        total = recorder.summaries().stream()
            .filter(s -> s.label().equals(LabelSummary.OVERALL) && s.phase() == Phase.MEASUREMENT)
            .findFirst().orElse(null);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      long samples = total == null ? 0 : total.samples();
      long errors = total == null ? 0 : total.errors();
      return String.format(Locale.ROOT, "[prime] %s: %d users for %.1f s, %d samples "
              + "(%.0f req/s), %d errors; JIT and backends primed, excluded from every figure "
              + "(perf.prime=%ds)", plan.scenario(), users, seconds, samples,
          samples / Math.max(seconds, 0.001), errors, length.toSeconds());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prime with " + plan.scenario(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "[prime] " + plan.scenario() + ": interrupted";
    } catch (RuntimeException | TimeoutException e) {
      // Priming is an optimisation: a failure says so and leaves the measured run to judge.
      return "[prime] " + plan.scenario() + ": priming failed (" + e + "); the first run may "
          + "measure a cold JVM";
    } finally {
      DirectoryTree.deleteQuietly(dir, "priming files");
    }
  }
}
