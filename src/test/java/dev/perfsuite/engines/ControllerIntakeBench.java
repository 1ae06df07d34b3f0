package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.config.settings.RemoteJtl;
import dev.perfsuite.config.settings.RemoteSamples;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.remote.Aggregation;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What intake costs the controller: one and two local child-JVM engines (RMI over SSL) drive the
 * echo backend (its own JVM) at increasing offered rates (open model), with samples aggregated
 * on the engines and with every sample shipped, and the controller's (this JVM's) CPU and heap
 * are sampled over each run's measurement phase. Writes {@code target/bench/controller-intake.csv}
 * and prints it. Figures only: the machine is shared and noisy.
 *
 * <p>{@code -Dbench.intake.rates=500,1000,2000,4000,8000} (quick mode with {@code bench.duration}:
 * 1000,4000), {@code bench.duration} the measured length of each point (default 15 s).
 */
@Timeout(value = 60, unit = TimeUnit.MINUTES)
class ControllerIntakeBench {
  private static final Duration WARM_UP = Duration.ofSeconds(3);

  @Test
  void shouldPrintControllerCostPerModeEnginesAndRate() throws Exception {
    String quick = System.getProperty("bench.duration");
    Duration measured = quick != null ? BenchDurations.parse(quick) : Duration.ofSeconds(15);
    List<Integer> rates = Arrays.stream(System.getProperty("bench.intake.rates",
        quick != null ? "1000,4000" : "500,1000,2000,4000,8000").split(","))
        .map(String::strip).map(Integer::parseInt).toList();
    Path out = Path.of(System.getProperty("bench.out", "target/bench"));
    Files.createDirectories(out);
    List<String> rows = new ArrayList<>();
    rows.add("mode,engines,offered_rps,achieved_rps,controller_cpu_us_per_s,"
        + "controller_cpu_us_per_sample,controller_heap_mb");
    int port = freePort();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process echo = new ProcessBuilder(java, "-Xmx512m", "-cp",
        System.getProperty("java.class.path"), "dev.perfsuite.echo.EchoBackendMain", "--host",
        "127.0.0.1", "--port", String.valueOf(port)).redirectErrorStream(true)
        .redirectOutput(out.resolve("intake-echo.log").toFile()).start();
    try {
      awaitPort(port);
      String url = "http://127.0.0.1:" + port + "/";
      for (int engines : List.of(1, 2)) {
        try (LocalRemoteEngines local = LocalRemoteEngines.start(engines)) {
          for (RemoteSamples mode : List.of(RemoteSamples.AGGREGATE, RemoteSamples.ALL)) {
            for (int rate : rates) {
              rows.add(point(local, mode, engines, rate, measured, url));
              System.out.println("controller-intake: " + rows.get(rows.size() - 1));
            }
          }
        }
      }
    } finally {
      echo.destroyForcibly();
    }
    Files.write(out.resolve("controller-intake.csv"), rows);
    System.out.println("\n" + String.join("\n", rows));
    assertThat(rows).as("one row per mode, engine count and rate")
        .hasSize(1 + 2 * 2 * rates.size());
  }

  private static String point(LocalRemoteEngines local, RemoteSamples mode, int engines,
      int rate, Duration measured, String url) throws Exception {
    LoadProfile profile = Profiles.smoke().withRampUp(Duration.ZERO)
        .withHold(measured.plus(WARM_UP)).withWarmUp(WARM_UP).withTargetRate(rate)
        .withMaxThreads(Math.max(50, 40 * engines));
    Path results = Path.of("target", "bench", "intake-runs");
    DistributedEngine engine = local.engine(results, RemoteSplit.EVEN, Duration.ofSeconds(30),
        new Aggregation(mode, Duration.ofSeconds(1), RemoteJtl.FETCH));
    Sampler sampler = Sampler.start();
    RunResult result;
    try {
      result = engine.run(LoadPlan.of("intake-" + mode.name().toLowerCase(Locale.ROOT) + "-"
          + engines + "-" + rate, profile, httpSampler("echo", url)));
    } finally {
      sampler.stop();
    }
    LabelSummary overall = result.overall(Phase.MEASUREMENT);
    long from = overall.firstStartMillis();
    long to = overall.lastEndMillis();
    double[] cost = sampler.between(from, to);
    double seconds = cost[2];
    double cpuPerSecond = cost[0] / seconds;
    double perSample = overall.samples() == 0 ? 0 : cost[0] / overall.samples();
    return String.format(Locale.ROOT, "%s,%d,%d,%.0f,%.0f,%.1f,%.0f",
        mode.name().toLowerCase(Locale.ROOT), engines, rate, overall.throughput(), cpuPerSecond,
        perSample, cost[1]);
  }

  /** Samples this JVM's CPU time and heap every 250 ms, on a scheduler's daemon thread. */
  private static final class Sampler {
    private final List<long[]> samples = new ArrayList<>();
    private final OperatingSystemMXBean os =
        (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final ScheduledExecutorService every250ms =
        Executors.newSingleThreadScheduledExecutor(r -> {
          Thread thread = new Thread(r, "intake-cpu-sampler");
          thread.setDaemon(true);
          return thread;
        });

    static Sampler start() {
      Sampler sampler = new Sampler();
      sampler.every250ms.scheduleAtFixedRate(sampler::sample, 0, 250, TimeUnit.MILLISECONDS);
      return sampler;
    }

    private void sample() {
      synchronized (samples) {
        samples.add(new long[] {System.currentTimeMillis(), os.getProcessCpuTime(),
            ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()});
      }
    }

    void stop() throws InterruptedException {
      every250ms.shutdownNow();
      every250ms.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** CPU µs, peak heap MB and seconds between the first and last sample inside the window. */
    double[] between(long from, long to) {
      synchronized (samples) {
        List<long[]> inside = samples.stream().filter(s -> s[0] >= from && s[0] <= to).toList();
        if (inside.size() < 2) {
          return new double[] {0, 0, 1};
        }
        long[] first = inside.get(0);
        long[] last = inside.get(inside.size() - 1);
        long heap = inside.stream().mapToLong(s -> s[2]).max().orElse(0);
        return new double[] {(last[1] - first[1]) / 1e3, heap / 1048576.0,
            Math.max(1, last[0] - first[0]) / 1000.0};
      }
    }
  }

  /** Bench durations as {@code bench.duration} writes them: 500ms, 15s, 2m. */
  private static final class BenchDurations {
    static Duration parse(String text) {
      String t = text.strip();
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      }
      if (t.endsWith("m")) {
        return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
      }
      return Duration.ofSeconds(Long.parseLong(t.replace("s", "")));
    }
  }

  private static void awaitPort(int port) {
    await("echo backend opening port " + port).atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
          try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
          }
        });
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
