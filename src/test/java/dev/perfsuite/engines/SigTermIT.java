package dev.perfsuite.engines;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (Jenkins' abort, {@code kill PID}, {@code docker stop}) in the middle of a run leaves
 * what Ctrl-C leaves: the JTL, and a summary marked interrupted that agrees with it exactly.
 */
class SigTermIT {
  @TempDir
  Path results;

  @Test
  void shouldWriteResultsSoFarWhenTheJvmIsTerminated() throws Exception {
    SignalledRun.shouldWriteResultsSoFarOn("TERM", results);
  }
}
