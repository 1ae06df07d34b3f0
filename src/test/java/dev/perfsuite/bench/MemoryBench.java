package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.GeneratorSettings;
import dev.perfsuite.engines.GeneratorSettings.Limits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Users per generator: many users with think time against the echo backend with a known delay,
 * in one generator JVM; peak heap, RSS and threads, the achieved rate against users / (think +
 * response time), and the latency error against the delay.
 *
 * <p>Settings ({@code bench.memory.*}): {@code threads} (default 1000; the figure is
 * {@code 5000}), {@code think} (1s), {@code duration} (120s, the hold after the ramp),
 * {@code delay} (the echo's {@code --delay}, 20ms), {@code ramp} (users' ramp-up, default one
 * second per 50 users and at least 5 s: started at once, users with a constant think time stay
 * in step and hit the target in bursts), {@code heap} (the generator's -Xmx, default
 * {@code bench.generator.heap}), {@code flags} (extra generator JVM flags, e.g. {@code -Xss256k}).
 * The warm-up covers the ramp and 5 s more, so the figures describe the held users only.
 */
final class MemoryBench {
  private static final long HEAP_TARGET_MIB = 1024;
  /**
   * JMeter starts a user by cloning the plan for its thread; on the 2 shared cores at load
   * average 30-50 it started about 70 users per second, so a faster ramp overran the plan.
   */
  private static final int USERS_PER_RAMP_SECOND = 50;

  @Test
  void shouldFitTheHeapTargetWhenThousandsOfUsersThink() {
    BenchSettings settings = BenchSettings.load();
    int threads = settings.memoryThreads();
    Duration think = settings.memoryThink();
    Duration delay = BenchSettings.duration(System.getProperty("bench.memory.delay", "20ms"));
    Duration ramp = BenchSettings.duration(System.getProperty("bench.memory.ramp",
        Math.max(5, threads / USERS_PER_RAMP_SECOND) + "s"));
    Duration warmUp = ramp.plusSeconds(5);
    String heapFlag = System.getProperty("bench.memory.heap", settings.generatorHeap());
    List<String> flags = new ArrayList<>(List.of("-Xmx" + heapFlag));
    flags.addAll(GeneratorSettings.JVM_FLAGS);
    Arrays.stream(System.getProperty("bench.memory.flags", "").split("\\s+"))
        .filter(f -> !f.isBlank()).forEach(flags::add);
    Limits limits = Limits.current();
    // The same check the suite's engine makes before load, told here before the JVM starts.
    GeneratorSettings.capacityProblem(threads, limits).ifPresent(p -> {
      throw new IllegalStateException(p);
    });
    Map<String, String> r;
    try (LoopbackServer echo = LoopbackServer.echo(settings, delay)) {
      r = SuiteRuns.suite(settings, "memory-suite-" + threads, echo.uri(), threads,
          settings.memoryDuration().plus(ramp), 1024, flags, "think=" + think.toMillis() + "ms",
          "ramp=" + ramp.toMillis() + "ms", "warmup=" + warmUp.toMillis() + "ms");
    }
    double mean = Double.parseDouble(r.get("mean"));
    double ideal = threads / ((think.toMillis() + delay.toMillis()) / 1000.0);
    double little = threads / ((think.toMillis() + mean) / 1000.0);
    double achieved = Double.parseDouble(r.get("measuredRps"));
    long heap = Long.parseLong(r.get("heapPeakMiB"));
    String body = String.format(Locale.ROOT, """
        The suite with every listener, %d users ramped over %d s then held %d s (warm-up %d s \
        excluded), %d ms think time, POST 1 KiB to the echo backend with --delay %d; generator \
        JVM -Xmx%s %s; heap polled every 50 ms, RSS = the kernel's VmHWM. Expected rate = users \
        / (think + delay); Little = users / (think + measured mean). Limits: open files %s, \
        processes %s, memory maps %s. Load average at the end of the run: %s.

        | users | req/s | expected | of expected | Little | p50 - delay | p99 - delay | errors \
        | peak heap used MiB | KiB heap per user | peak RSS MiB | peak JVM threads \
        | GCs (total ms, max pause ms) | heap target <= %d MiB |
        |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
        | %d | %.0f | %.0f | %.1f %% | %.0f | %+d ms | %+d ms | %s | %d | %d | %s | %s \
        | %s (%s, %s) | %s |
        """, threads, ramp.toSeconds(), settings.memoryDuration().toSeconds(),
        warmUp.toSeconds(), think.toMillis(), delay.toMillis(), heapFlag,
        String.join(" ", flags.subList(1, flags.size())), text(limits.openFiles()),
        text(limits.processes()), text(limits.maps()), Machine.readLoadAverage(), HEAP_TARGET_MIB,
        threads, achieved,
        ideal, achieved / ideal * 100, little, Long.parseLong(r.get("p50")) - delay.toMillis(),
        Long.parseLong(r.get("p99")) - delay.toMillis(), r.get("errors"), heap,
        heap * 1024 / threads, r.get("rssPeakMiB"), r.get("threadsPeak"), r.get("gcCount"),
        r.get("gcMillis"), r.get("gcMaxPauseMs"), heap <= HEAP_TARGET_MIB ? "met" : "NOT met");
    BenchReport.section(settings, "30-memory", "Memory at " + threads + " users", body);
    assertThat(Long.parseLong(r.get("errors"))).as("errors of the memory run").isZero();
  }

  private static String text(OptionalLong limit) {
    return limit.isPresent() ? Long.toString(limit.getAsLong()) : "unlimited";
  }
}
