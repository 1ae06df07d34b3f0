package dev.perfsuite.bench;

import dev.perfsuite.http.LoopCarriers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts a {@link GeneratorRun} in a fresh JVM on the test classpath and parses its result line.
 *
 * <p>A fresh JVM per run keeps one run's JIT state, heap and threads out of the next, and lets a
 * run choose its own GC and heap flags. The child's output goes to {@code logs/NAME.log} under
 * the bench directory.
 */
final class ChildJvm {
  /** Time a run may take beyond its planned duration (JVM start, JMeter set-up, result files). */
  private static final Duration GRACE = Duration.ofSeconds(120);

  private ChildJvm() {
  }

  /**
   * Runs a generator and returns its {@code BENCH-RESULT} fields.
   *
   * @param name log file name
   * @param jvmFlags flags before the class name, e.g. {@code -Xmx1g}, {@code -Dperf.x=y}
   * @param planned how long the run should last; the child is killed at planned + 2 min
   * @param args {@code key=value} arguments of {@link GeneratorRun}
   */
  static Map<String, String> run(BenchSettings settings, String name, List<String> jvmFlags,
      Duration planned, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + settings.generatorHeap());
    // Users run on the client's event loops on Java 24+ only with java.lang opened.
    command.add(LoopCarriers.OPEN_FLAG);
    command.addAll(settings.generatorFlags());
    command.addAll(jvmFlags);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(GeneratorRun.class.getName());
    command.addAll(Arrays.asList(args));
    Path log = settings.out().resolve("logs").resolve(name + ".log");
    try {
      Files.createDirectories(log.getParent());
      Process child = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      try {
        if (!child.waitFor(planned.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
          child.destroyForcibly().waitFor();
          throw new IllegalStateException("generator run " + name + " overran " + planned
              + " + " + GRACE + "; see " + log);
        }
      } catch (InterruptedException e) {
        child.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during " + name, e);
      }
      List<String> lines = Files.readAllLines(log);
      String result = lines.stream().filter(l -> l.startsWith(GeneratorRun.RESULT_PREFIX))
          .reduce((a, b) -> b).orElseThrow(() -> new IllegalStateException("generator run "
              + name + " ended with exit code " + child.exitValue() + " and no result; see "
              + log));
      Map<String, String> fields = new LinkedHashMap<>();
      for (String kv : result.substring(GeneratorRun.RESULT_PREFIX.length()).split(" ")) {
        String[] p = kv.split("=", 2);
        fields.put(p[0], p[1]);
      }
      return fields;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run generator " + name, e);
    }
  }
}
