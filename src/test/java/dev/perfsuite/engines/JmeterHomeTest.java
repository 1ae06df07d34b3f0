package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Two runs in one JVM prepare JMeter's environment one after the other, never both at once. */
class JmeterHomeTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 5;

  @Test
  void shouldPrepareJmeterForRunsStartingAtOnceInOneJvm() throws Exception {
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    CyclicBarrier together = new CyclicBarrier(THREADS);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Thread thread = new Thread(() -> {
        for (int round = 0; round < ROUNDS; round++) {
          try {
            together.await(10, TimeUnit.SECONDS);
            JmeterHome.prepare();
          } catch (Exception | Error e) {
            failures.add(e);
            return;
          }
        }
      }, "run-start-" + t);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(30));
    }

    assertThat(failures).as("runs starting at once in one JVM (%d x %d starts)", THREADS, ROUNDS)
        .isEmpty();
  }
}
