package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.engines.remote.SnapshotIntake;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.TimelineRecorder;
import java.io.ObjectOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * Fan-in benchmark (a model: simulated engines, synthetic histograms, no load generated): at
 * least 50 engines in a child JVM send real snapshots over real RMI (no SSL: the transport is not
 * what is measured) to one controller sink in this JVM, together representing 1,000,000 samples
 * per second; prints the controller's CPU, heap and the snapshots' round-trip time. Figures
 * only, no timed assertion.
 *
 * <p>{@code -Dbench.fanin.engines=50 -Dbench.fanin.rate=20000 -Dbench.fanin.seconds=30}
 * ({@code bench.duration} shortens the run).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FanInBench {

  @Test
  void shouldPrintControllerCostOfManyEnginesSnapshots() throws Exception {
    int engines = Integer.getInteger("bench.fanin.engines", 50);
    long rate = Long.getLong("bench.fanin.rate", 20_000);
    int seconds = Integer.getInteger("bench.fanin.seconds",
        System.getProperty("bench.duration") != null ? 15 : 30);
    int labels = Integer.getInteger("bench.fanin.labels", 5);
    new JmeterEnvironment();
    JMeterUtils.setProperty("server.rmi.ssl.disable", "true");
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
    Path dir = Path.of("target", "bench", "fan-in");
    Files.createDirectories(dir);
    RunSettings settings = RunSettings.fromThisJvm();
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve("results.jtl"),
        Duration.ZERO, settings)) {
      recorder.observe(TimelineRecorder.every(Duration.ofSeconds(1), settings.labelsMax()));
      SnapshotIntake intake = new SnapshotIntake(0, recorder, dir.resolve("engines"),
          SimulatedEngines.TOKEN);
      Path stub = dir.resolve("sink.stub");
      try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(stub))) {
        out.writeObject(intake.stub());
      }
      OperatingSystemMXBean os = (OperatingSystemMXBean)
          ManagementFactory.getOperatingSystemMXBean();
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Process child = new ProcessBuilder(java, "-Xmx1g", "-cp",
          System.getProperty("java.class.path"), SimulatedEngines.class.getName(),
          stub.toString(), String.valueOf(engines), String.valueOf(rate),
          String.valueOf(seconds), String.valueOf(labels)).redirectErrorStream(true).start();
      long heapPeak = 0;
      long cpuStart = os.getProcessCpuTime();
      long wallStart = System.nanoTime();
      while (child.isAlive()) {
        // Read the merged figures every second, as the progress line and a dashboard would.
        recorder.summaries();
        heapPeak = Math.max(heapPeak, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage()
            .getUsed());
        child.waitFor(1, TimeUnit.SECONDS);
      }
      long cpu = os.getProcessCpuTime() - cpuStart;
      double wall = (System.nanoTime() - wallStart) / 1e9;
      String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
          .strip();
      intake.close();
      LabelSummary total = recorder.summaries().stream().filter(s -> s.label()
          .equals(LabelSummary.OVERALL) && s.phase() == Phase.MEASUREMENT).findFirst()
          .orElseThrow();
      String report = String.format(Locale.ROOT,
          "fan-in (model: %d simulated engines x %,d samples/s = %,d samples/s, %d labels, "
              + "1 snapshot/s each, RMI without SSL, %d s): controller CPU %.1f ms/s "
              + "(%.3f us per represented sample), heap peak %.0f MB, merged %,d samples, "
              + "snapshots received %d; engines' side: %s",
          engines, rate, engines * rate, labels, seconds, cpu / 1e6 / wall,
          cpu / 1e3 / Math.max(1, total.samples()), heapPeak / 1048576.0, total.samples(),
          intake.snapshots(), output);
      System.out.println(report);
      Files.writeString(dir.resolve("fan-in.txt"), report + "\n");
      assertThat(child.exitValue()).as("simulated engines: %s", output).isZero();
      assertThat(intake.snapshots()).as("snapshots received").isPositive();
    }
  }
}
