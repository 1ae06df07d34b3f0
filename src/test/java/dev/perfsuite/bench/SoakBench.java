package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A compressed soak: a few hundred thinking users against the echo on loopback for 30 minutes
 * in one generator JVM (every listener on, Prometheus included), its heap after a full GC and its
 * RSS sampled every minute; the verdict is "flat within 10 % from minute 5 to the end".
 *
 * <p>Not in CI and not in {@code bench/run}'s quick mode (minutes long). Settings
 * ({@code bench.soak.*}): {@code duration} (30m), {@code users} (300), {@code think} (1s),
 * {@code delay} (the echo's, 20ms), {@code every} (1m), {@code from} (5m, the start of the
 * window judged). Heap after GC: {@code jcmd PID GC.run} forces a full GC a minute and the
 * generator's own {@code -Xlog:gc} line gives the heap after it (MiB); RSS is the kernel's VmRSS.
 */
final class SoakBench {
  private static final double FLAT = 0.10;
  private static final int USERS_PER_RAMP_SECOND = 50;
  /** A full GC's line of {@code -Xlog:gc}; jcmd's GC.run is logged as "Diagnostic Command". */
  private static final Pattern FULL_GC =
      Pattern.compile("Pause Full \\((?:Diagnostic Command|System.gc\\(\\))\\) (\\d+)M->(\\d+)M");

  @Test
  void shouldKeepHeapAndRssFlatOverAHalfHourOfLoad() throws Exception {
    BenchSettings settings = BenchSettings.load();
    Duration duration = setting("duration", "30m");
    int users = Integer.parseInt(System.getProperty("bench.soak.users", "300"));
    Duration think = setting("think", "1s");
    Duration delay = setting("delay", "20ms");
    Duration every = setting("every", "1m");
    Duration from = setting("from", "5m");
    Duration ramp = Duration.ofSeconds(Math.max(5, users / USERS_PER_RAMP_SECOND));
    List<Row> rows = new ArrayList<>();
    Path gcLog = settings.out().resolve("logs").resolve("soak-" + users + "-gc.log")
        .toAbsolutePath();
    Files.createDirectories(gcLog.getParent());
    Files.deleteIfExists(gcLog);
    Map<String, String> r;
    try (LoopbackServer echo = LoopbackServer.echo(settings, delay)) {
      CompletableFuture<Map<String, String>> run = CompletableFuture.supplyAsync(() ->
          SuiteRuns.suite(settings, "soak-" + users, echo.uri(), users, duration, 1024,
              List.of("-Xlog:gc:file=" + gcLog), "think=" + think.toMillis() + "ms",
              "ramp=" + ramp.toMillis() + "ms",
              "warmup=" + ramp.plusSeconds(5).toMillis() + "ms"));
      long start = System.nanoTime();
      for (int minute = 1; !run.isDone(); minute++) {
        long due = start + every.toNanos() * minute;
        while (!run.isDone() && System.nanoTime() < due) {
          Thread.sleep(Math.min(1000, Math.max(1, (due - System.nanoTime()) / 1_000_000)));
        }
        if (run.isDone()) {
          break;
        }
        Optional<ProcessHandle> child = generator();
        if (child.isPresent()) {
          rows.add(Row.of(every.multipliedBy(minute), child.get().pid(), gcLog));
          System.out.println("soak: " + rows.get(rows.size() - 1));
        }
      }
      r = run.get(duration.plusMinutes(3).toMillis(), TimeUnit.MILLISECONDS);
    }
    List<Row> judged = rows.stream().filter(w -> w.at().compareTo(from) >= 0).toList();
    double heapSpread = spread(judged.stream().mapToLong(Row::heapKib).toArray());
    double rssSpread = spread(judged.stream().mapToLong(Row::rssKib).toArray());
    boolean flat = heapSpread <= FLAT && rssSpread <= FLAT;
    StringBuilder table = new StringBuilder(
        "| minute | heap after GC MiB | RSS MiB | load average |\n|---:|---:|---:|---|\n");
    rows.forEach(w -> table.append(String.format(Locale.ROOT, "| %.1f | %.1f | %.1f | %s |%n",
        w.at().toSeconds() / 60.0, w.heapKib() / 1024.0, w.rssKib() / 1024.0, w.load())));
    String body = String.format(Locale.ROOT, """
        The suite with every listener (Prometheus on), %d users ramped over %d s, %d ms think \
        time, POST 1 KiB to the echo on loopback with --delay %d ms, for %d min in one \
        generator JVM (-Xmx%s); every %d s a forced full GC (jcmd GC.run), the heap after it \
        (the generator's -Xlog:gc) and the kernel's VmRSS. %.0f req/s measured, p50 %s ms, \
        p99 %s ms, \
        errors %s.

        %s
        From minute %d to the end: heap after GC %s MiB, spread %.1f %%; RSS %s MiB, spread \
        %.1f %% (first -> last sample; spread = (max - min) / min); verdict: %s.
        """, users, ramp.toSeconds(), think.toMillis(), delay.toMillis(), duration.toMinutes(),
        settings.generatorHeap(), every.toSeconds(), Double.parseDouble(r.get("measuredRps")),
        r.get("p50"), r.get("p99"), r.get("errors"), table, from.toMinutes(),
        firstToLast(judged, Row::heapKib), heapSpread * 100, firstToLast(judged, Row::rssKib),
        rssSpread * 100,
        flat ? "flat within 10 %" : "NOT flat within 10 %");
    BenchReport.section(settings, "35-soak", "Soak: " + users + " users for "
        + duration.toMinutes() + " min", body);
    System.out.println(body);
    assertThat(judged).as("samples from minute %d", from.toMinutes()).isNotEmpty();
    assertThat(heapSpread).as("heap after GC spread from minute %d", from.toMinutes())
        .isLessThanOrEqualTo(FLAT);
    assertThat(rssSpread).as("RSS spread from minute %d", from.toMinutes())
        .isLessThanOrEqualTo(FLAT);
    assertThat(Long.parseLong(r.get("errors"))).as("errors of the soak").isZero();
  }

  private static Duration setting(String name, String fallback) {
    return BenchSettings.duration(System.getProperty("bench.soak." + name, fallback));
  }

  /** The first and the last sample in MiB ("a -> b"), "—" when there is none. */
  private static String firstToLast(List<Row> rows, ToLongFunction<Row> kib) {
    return rows.isEmpty() ? "—" : String.format(Locale.ROOT, "%.1f -> %.1f",
        kib.applyAsLong(rows.get(0)) / 1024.0,
        kib.applyAsLong(rows.get(rows.size() - 1)) / 1024.0);
  }

  /** (max - min) / min, 0 when fewer than two values. */
  private static double spread(long[] values) {
    if (values.length < 2) {
      return 0;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long v : values) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return min == 0 ? 0 : (max - min) / (double) min;
  }

  /** The generator child JVM (the echo is a child too: told apart by its main class). */
  private static Optional<ProcessHandle> generator() {
    // ProcessHandle.Info gives no command line this long (the test class path): read /proc.
    return ProcessHandle.current().descendants().filter(p -> {
      try {
        return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"))
            .contains(GeneratorRun.class.getName());
      } catch (IOException e) {
        return false;
      }
    }).findFirst();
  }

  /** One minute's sample of the generator. */
  private record Row(Duration at, long heapKib, long rssKib, String load) {
    static Row of(Duration at, long pid, Path gcLog) throws IOException,
        InterruptedException {
      jcmd(pid, "GC.run");
      // The GC's own figure: a second jcmd would see what the load allocated since.
      long heap = -1;
      Matcher full = FULL_GC.matcher(Files.readString(gcLog));
      while (full.find()) {
        heap = Long.parseLong(full.group(2)) * 1024;
      }
      long rss = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
          .filter(l -> l.startsWith("VmRSS:")).map(l -> l.replaceAll("\\D", ""))
          .mapToLong(Long::parseLong).findFirst().orElse(-1);
      return new Row(at, heap, rss, Machine.readLoadAverage());
    }

    private static String jcmd(long pid, String command) throws IOException,
        InterruptedException {
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd")
          .toString(), Long.toString(pid), command).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
      return out;
    }
  }
}
