package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Memory of the generator at many users: 1000 threads with 1 s think time for 2 minutes against
 * the echo backend, in a JVM capped at the heap target, peak heap and RSS reported.
 */
final class MemoryBench {
  private static final long HEAP_TARGET_MIB = 1024;

  @Test
  void shouldFitTheHeapTargetWhenThousandUsersThink() {
    BenchSettings settings = BenchSettings.load();
    int threads = settings.memoryThreads();
    Duration think = settings.memoryThink();
    Map<String, String> r;
    try (LoopbackServer echo = LoopbackServer.echo(settings, Duration.ZERO)) {
      r = SuiteRuns.suite(settings, "memory-suite", echo.uri(), threads,
          settings.memoryDuration(), 1024, "think=" + think.toMillis() + "ms");
    }
    double expected = threads / (think.toMillis() / 1000.0);
    long heap = Long.parseLong(r.get("heapPeakMiB"));
    String body = String.format(Locale.ROOT, """
        The suite with every listener, %d threads, %d ms think time, %d s, POST 1 KiB to the echo \
        backend, generator JVM -Xmx%s (heap polled every 50 ms; RSS = the kernel's VmHWM).

        | threads | think | req/s (expected ~%.0f) | errors | peak heap used MiB | peak heap committed MiB | peak RSS MiB | peak JVM threads | GCs (total ms) | heap target <= %d MiB |
        |---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
        | %d | %d ms | %s | %s | %d | %s | %s | %s | %s (%s) | %s |
        """, threads, think.toMillis(), settings.memoryDuration().toSeconds(),
        settings.generatorHeap(), expected, HEAP_TARGET_MIB, threads, think.toMillis(), r.get("rps"),
        r.get("errors"), heap, r.get("heapCommittedMiB"), r.get("rssPeakMiB"),
        r.get("threadsPeak"), r.get("gcCount"), r.get("gcMillis"),
        heap <= HEAP_TARGET_MIB ? "met" : "NOT met");
    BenchReport.section(settings, "30-memory", "Memory at 1000 users", body);
    assertThat(Long.parseLong(r.get("errors"))).as("errors of the memory run").isZero();
  }
}
