package dev.perfsuite.junit;

import dev.perfsuite.history.RunHistory;
import dev.perfsuite.history.RunRecord;
import dev.perfsuite.sla.SlaVerdict;
import dev.perfsuite.verdict.RunVerdict;
import dev.perfsuite.verdict.VerdictFiles;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The verdict so far of each run a session made, and the history rows its tests' ends append.
 *
 * <p>A history row carries its run's outcome, known only once the test has ended: it is kept here
 * until then, or until the next run on its directory or the session's close, whichever comes
 * first. The verdict files are rewritten on every change.
 */
final class SessionRuns {
  private static final Logger LOG = LoggerFactory.getLogger(SessionRuns.class);
  private final RunHistory history;
  private final Optional<Path> junitReports;
  /** The verdict so far of each run, by run directory (verdict.json). */
  private final Map<Path, RunVerdict> verdicts = new ConcurrentHashMap<>();
  /** The run directories of the current test, whose verdicts its end completes. */
  private final Set<Path> ofTest = ConcurrentHashMap.newKeySet();
  /** The history rows not yet appended, by run directory. */
  private final Map<Path, RunRecord> unkept = new ConcurrentHashMap<>();

  SessionRuns(RunHistory history, Optional<Path> junitReports) {
    this.history = history;
    this.junitReports = junitReports;
  }

  /** A test starts: the runs it makes are completed by its end. */
  void testStarting() {
    ofTest.clear();
  }

  /**
   * Completes the verdicts of the test's runs (failed with its cause when it threw) and appends
   * their history rows.
   *
   * @return the scenarios of the runs no SLA judged
   */
  List<String> testFinished(Optional<Throwable> failure) {
    List<String> unjudged = new ArrayList<>();
    for (Path dir : ofTest) {
      RunVerdict verdict = verdicts.get(dir);
      if (verdict != null && failure.isPresent()) {
        record(verdict.failedBy(failure.get()));
      } else if (verdict != null && !verdict.judged()) {
        unjudged.add(verdict.result().scenario());
      }
      keep(dir);
    }
    ofTest.clear();
    return unjudged;
  }

  /** A run in {@code dir} ended: an earlier run there, not yet kept, is kept now. */
  void ending(Path dir) {
    keep(dir);
  }

  /** A run ended with {@code verdict}; its history row {@code row} waits for its outcome. */
  void ran(RunVerdict verdict, RunRecord row) {
    record(verdict);
    Path dir = verdict.result().directory();
    unkept.put(dir, row);
    ofTest.add(dir);
  }

  /** The run in {@code dir} got {@code sla}'s verdict; nothing when the session did not run it. */
  void judged(Path dir, SlaVerdict sla) {
    RunVerdict sofar = verdicts.get(dir);
    if (sofar != null) {
      record(sofar.with(sla));
    }
  }

  /** Appends the rows of runs no test end kept (runs made outside a test). */
  void keepAll() {
    List.copyOf(unkept.keySet()).forEach(this::keep);
  }

  /** Appends the history row of the run in {@code dir}, if not yet kept, with its outcome. */
  private void keep(Path dir) {
    RunRecord run = unkept.remove(dir);
    RunVerdict verdict = verdicts.get(dir);
    if (run != null && verdict != null) {
      history.keep(run, verdict.outcome().json());
    }
  }

  /** Keeps {@code verdict} and writes its files. */
  void record(RunVerdict verdict) {
    verdicts.put(verdict.result().directory(), verdict);
    try {
      VerdictFiles.write(verdict, junitReports);
    } catch (UncheckedIOException e) {
      // The verdict itself (SLA table, Allure, the assertion) must not be lost to a full disk or
      // an unwritable reports directory: say so and go on.
      LOG.warn("could not write verdict.json or the JUnit cases of {}: {}",
          verdict.result().scenario(), e.getCause().toString());
    }
  }
}
