package dev.perfsuite.engines;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) in the middle of a run still leaves the JTL and a summary marked interrupted,
 * and the two agree exactly: every JTL row is in the summary, per label and phase; whatever
 * signal dispositions the build inherited ({@link SignalledRun}).
 */
class CtrlCIT {
  @TempDir
  Path results;

  @Test
  void shouldWriteResultsSoFarWhenTheJvmIsInterrupted() throws Exception {
    SignalledRun.shouldWriteResultsSoFarOn("INT", results);
  }
}
