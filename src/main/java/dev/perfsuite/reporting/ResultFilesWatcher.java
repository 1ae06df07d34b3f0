package dev.perfsuite.reporting;

import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.results.RunResult;

/**
 * Writes every run's summary files and console table when it ends ({@link ResultFiles#watcher}).
 */
final class ResultFilesWatcher implements RunWatcher {

  @Override
  public void runEnded(RunContext run, RunResult result) {
    try {
      ResultFiles.write(result);
    } finally {
      // On a full disk the console is where the summary still gets out.
      ResultFiles.show(result);
    }
  }
}
