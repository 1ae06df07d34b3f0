package dev.perfsuite.bench;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.LatencyStats;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One suite run of {@link StallBench} in its own JVM, through the suite's public API
 * ({@code Engines.fromConfig}, the embedded engine, every result file): a GET per request; the
 * measured window lasts {@code duration} after a warm-up of {@code warmup} (default none), so it
 * is as long as a peer's run.
 *
 * <p>Arguments {@code key=value}: {@code model} ({@code open}: {@code rate} req/s on the suite's
 * schedule with {@code threads} as {@code perf.max-threads}; {@code closed}: {@code threads}
 * users, no think time), {@code url}, {@code duration}, {@code warmup}, {@code name}. Prints one
 * {@code BENCH-RESULT} line with response ({@code r*}) and service ({@code s*})
 * p50/p90/p95/p99/mean, late starts, the largest lag, stalls corrected and the run's warnings by
 * kind.
 */
final class StallRun {

  private StallRun() {
  }

  public static void main(String[] argv) {
    Map<String, String> args = Arrays.stream(argv).map(a -> a.split("=", 2))
        .collect(Collectors.toMap(a -> a[0], a -> a[1], (a, b) -> b, LinkedHashMap::new));
    Duration duration = BenchSettings.duration(args.get("duration"));
    Duration warmUp = BenchSettings.duration(args.getOrDefault("warmup", "0s"));
    int threads = Integer.parseInt(args.get("threads"));
    LoadProfile closed = Profiles.closed("stall", warmUp,
        Profiles.stage(threads, Duration.ZERO, warmUp.plus(duration)));
    LoadProfile profile = switch (args.get("model")) {
      case "open" -> closed.withTargetRate(Double.parseDouble(args.get("rate")))
          .withMaxThreads(threads);
      case "closed" -> closed;
      default -> throw new IllegalArgumentException("model=open|closed, was " + args.get("model"));
    };
    RunResult result = Engines.fromConfig(PerfConfig.load(), List.of(ResultFiles.watcher()))
        .run(LoadPlan.of("stall-" + args.get("name"), profile,
            httpSampler("stall", args.get("url"))));
    LabelSummary m = result.overall(Phase.MEASUREMENT);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("samples", m.samples());
    out.put("errors", m.errors());
    out.put("rps", fmt(m.throughput()));
    out.put("firstStart", m.firstStartMillis());
    out.put("lastEnd", m.lastEndMillis());
    put(out, "r", m.response());
    put(out, "s", m.service());
    out.put("lateStarts", m.lateStarts());
    out.put("maxLagMs", m.maxLagMillis());
    out.put("stalls", m.stalls());
    if (args.get("model").equals("open")) {
      // Arrivals of the schedule that never became a sample: still waiting for a free thread
      // when the run's time was up.
      long planned = Math.round(Double.parseDouble(args.get("rate"))
          * warmUp.plus(duration).toMillis() / 1000.0);
      out.put("unsent", Math.max(0, planned - m.samples()
          - result.overall(Phase.WARM_UP).samples()));
    }
    out.put("behindWarning", result.warnings().stream()
        .anyMatch(w -> w.startsWith("generator behind schedule")));
    out.put("coWarning", result.warnings().stream()
        .anyMatch(w -> w.startsWith("coordinated omission")));
    result.warnings().forEach(w -> System.out.println("WARNING " + w));
    System.out.println(GeneratorRun.RESULT_PREFIX + out.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    System.exit(0);
  }

  private static void put(Map<String, Object> out, String prefix, LatencyStats stats) {
    out.put(prefix + "p50", stats.p50());
    out.put(prefix + "p90", stats.p90());
    out.put(prefix + "p95", stats.p95());
    out.put(prefix + "p99", stats.p99());
    out.put(prefix + "mean", fmt(stats.mean()));
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
