package dev.perfsuite.jmx;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Plans run under plain JMeter in one long-lived child JVM ({@link JmeterCommandLine}
 * {@code --batch}), one after another, instead of one JVM per plan.
 *
 * <p>A plan that ends its JVM (JMeter refuses it and exits 1, as {@code jmeter -n} does) or
 * overruns {@code limit} is recorded with that exit, and a new JVM runs the plans after it.
 */
final class JmeterBatch {
  /** One plan's arguments to {@code jmeter -n} ({@code -t}, {@code -l} in {@code dir}, -J...). */
  record Job(String plan, Path dir, List<String> args) {
  }

  /** What JMeter left for one plan: its console, and the JVM's exit if the plan ended it. */
  record Run(String console, Integer exit) {
  }

  private final List<String> jvm;
  private final Duration limit;

  /** {@code jvm} is the command up to the main class ({@code java -cp ... }), without it. */
  JmeterBatch(List<String> jvm, Duration limit) {
    this.jvm = List.copyOf(jvm);
    this.limit = limit;
  }

  /** Runs every job in order; the map follows the jobs' order. */
  Map<String, Run> run(List<Job> jobs, Path scratch) throws IOException, InterruptedException {
    Map<String, Run> runs = new LinkedHashMap<>();
    List<Job> remaining = new ArrayList<>(jobs);
    int child = 0;
    while (!remaining.isEmpty()) {
      Path list = scratch.resolve("jobs-" + child++ + ".txt");
      Files.write(list, remaining.stream().map(j -> String.join("\t", j.args())).toList(),
          StandardCharsets.UTF_8);
      List<String> command = new ArrayList<>(jvm);
      command.addAll(List.of(JmeterCommandLine.class.getName(), "--batch", list.toString()));
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(scratch.resolve("batch-" + child + ".txt").toFile()).start();
      Integer exit = null;
      long current = System.nanoTime();
      int finished = 0;
      while (exit == null) {
        if (process.waitFor(50, TimeUnit.MILLISECONDS)) {
          exit = process.exitValue();
        }
        while (finished < remaining.size()
            && Files.exists(remaining.get(finished).dir().resolve("done"))) {
          finished++;
          current = System.nanoTime();
        }
        if (exit == null && System.nanoTime() - current > limit.toNanos()) {
          process.destroyForcibly().waitFor();
          exit = -1;
        }
      }
      for (int i = 0; i < finished; i++) {
        runs.put(remaining.get(i).plan(), new Run(console(remaining.get(i)), null));
      }
      if (finished < remaining.size()) {
        Job stopped = remaining.get(finished);
        String console = exit == -1 ? "JMeter did not end within " + limit.toSeconds() + " s"
            : console(stopped);
        runs.put(stopped.plan(), new Run(console, exit));
        finished++;
      }
      remaining = new ArrayList<>(remaining.subList(finished, remaining.size()));
    }
    return runs;
  }

  private static String console(Job job) throws IOException {
    Path console = job.dir().resolve("console.txt");
    return Files.exists(console) ? Files.readString(console, StandardCharsets.UTF_8) : "";
  }

  /** The class path entries joined for {@code -cp}. */
  static String classPath(List<String> entries) {
    return String.join(File.pathSeparator, entries);
  }
}
