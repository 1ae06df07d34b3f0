package dev.perfsuite.history;

import dev.perfsuite.results.RunResult;

/** Records runs as a session does once their tests have ended. */
final class Recording {
  private Recording() {
  }

  /** Compares {@code result} with its history, then keeps it as a run that passed. */
  static HistoryOutcome recorded(RunHistory history, RunResult result) {
    HistoryOutcome outcome = history.compare(result);
    history.keep(outcome.run(), RunRecord.PASSED);
    return outcome;
  }
}
