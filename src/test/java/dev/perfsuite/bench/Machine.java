package dev.perfsuite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine a benchmark ran on, as the report's header shows it. */
record Machine(int cores, String cpuModel, String jvm, String load) {

  static Machine current() {
    return new Machine(Runtime.getRuntime().availableProcessors(), readCpuModel(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        readLoadAverage());
  }

  /** The 1, 5 and 15 minute load averages from /proc/loadavg, "n/a" elsewhere. */
  static String readLoadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "n/a";
    }
  }

  /** This process's soft open-files limit (children inherit it), {@code Long.MAX_VALUE} if none. */
  static long openFilesLimit() {
    try {
      return Files.readAllLines(Path.of("/proc/self/limits")).stream()
          .filter(l -> l.startsWith("Max open files"))
          .map(l -> l.substring("Max open files".length()).trim().split("\\s+")[0])
          .filter(v -> !v.equals("unlimited")).mapToLong(Long::parseLong).findFirst()
          .orElse(Long.MAX_VALUE);
    } catch (IOException | RuntimeException e) {
      return Long.MAX_VALUE;
    }
  }

  private static String readCpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).strip())
          .findFirst().orElse("unknown");
    } catch (IOException e) {
      return System.getProperty("os.arch");
    }
  }

  String markdown() {
    return String.format(Locale.ROOT, "%d cores (%s), %s, %s %s, load average %s",
        cores, cpuModel, jvm, System.getProperty("os.name"), System.getProperty("os.version"),
        load);
  }
}
