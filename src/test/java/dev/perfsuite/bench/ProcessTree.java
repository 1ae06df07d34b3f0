package dev.perfsuite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * CPU time and peak RSS of a tool's whole process tree, polled from {@code /proc} while it runs.
 *
 * <p>Every {@value #POLL_MILLIS} ms it reads {@code utime + stime} and {@code VmHWM} of the root
 * and each descendant that {@code counts} accepts (Locust's master and its worker processes;
 * Gatling's forked JVM but not the Maven JVM that forked it). A process's CPU is the last value
 * seen, so up to one poll interval of CPU per process is missed at its exit (well under 2 % of a
 * 3 s run). Optional log markers narrow the CPU window to the load itself: CPU is then counted
 * from the poll that first sees {@code start} in the tool's log to the one that first sees
 * {@code end} (Gatling: from "Simulation ... started" to its report phase, so JVM start-up and
 * report writing are left out). Peak RSS is the sum over the tree's processes of each one's
 * {@code VmHWM} (high-water marks, summed: an upper bound of the tree's simultaneous peak).
 */
final class ProcessTree implements AutoCloseable {
  static final int POLL_MILLIS = 100;
  private static final long TICKS_PER_SECOND = 100;

  private final ProcessHandle root;
  private final Predicate<ProcessHandle> counts;
  private final Path log;
  private final Pattern start;
  private final Pattern end;
  private final Map<Long, Long> ticks = new HashMap<>();
  private final Map<Long, Long> hwmKib = new HashMap<>();
  private final Thread poller;
  private volatile boolean running = true;
  private long startTicks = -1;
  private long endTicks = -1;
  /** The counted processes' thread costs between the log markers, when there are markers. */
  private final Map<Long, ThreadCosts.Window> windows = new HashMap<>();
  private final Map<Long, ThreadCosts.Result> costs = new HashMap<>();

  private ProcessTree(Process process, Predicate<ProcessHandle> counts, Path log, Pattern start,
      Pattern end) {
    this.root = process.toHandle();
    this.counts = counts;
    this.log = log;
    this.start = start;
    this.end = end;
    this.poller = new Thread(this::poll, "process-tree-" + root.pid());
    poller.setDaemon(true);
    poller.start();
  }

  /** Watches a process and all its descendants, over its whole life. */
  static ProcessTree watch(Process process) {
    return new ProcessTree(process, p -> true, null, null, null);
  }

  /**
   * Watches the processes of the tree that {@code counts} accepts; CPU between the first log
   * lines matching {@code start} and {@code end} (either null: that edge is the process's life).
   */
  static ProcessTree watch(Process process, Predicate<ProcessHandle> counts, Path log,
      Pattern start, Pattern end) {
    return new ProcessTree(process, counts, log, start, end);
  }

  /** Command line of a process, empty when unreadable. */
  static String commandLine(ProcessHandle process) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"))
          .replace('\0', ' ');
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }

  private void poll() {
    while (running) {
      sample();
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized void sample() {
    Stream.concat(Stream.of(root), root.descendants()).filter(counts).forEach(p -> {
      Path proc = Path.of("/proc", Long.toString(p.pid()));
      try {
        String stat = Files.readString(proc.resolve("stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        ticks.put(p.pid(), Long.parseLong(f[11]) + Long.parseLong(f[12]));
        Files.readAllLines(proc.resolve("status")).stream().filter(l -> l.startsWith("VmHWM:"))
            .findFirst().ifPresent(l -> hwmKib.merge(p.pid(),
                Long.parseLong(l.replaceAll("[^0-9]", "")), Math::max));
      } catch (IOException | RuntimeException gone) {
        // The process ended between listing and reading: its last figures stand.
      }
    });
    if (endTicks < 0) {
      windows.values().forEach(ThreadCosts.Window::poll);
    }
    if (log != null && (startTicks < 0 || endTicks < 0)) {
      String text = logText();
      if (startTicks < 0 && (start == null || start.matcher(text).find())) {
        startTicks = total();
        if (start != null && end != null) {
          ticks.keySet().forEach(pid -> windows.put(pid, ThreadCosts.Window.start(pid,
              log.resolveSibling(log.getFileName() + "." + pid + ".perf.csv"))));
        }
      }
      if (startTicks >= 0 && endTicks < 0 && end != null && end.matcher(text).find()) {
        endTicks = total();
        windows.forEach((pid, window) -> costs.put(pid, window.end()));
      }
    }
  }

  private String logText() {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      return "";
    }
  }

  private long total() {
    return ticks.values().stream().mapToLong(Long::longValue).sum();
  }

  /** CPU seconds of the counted processes within the window (whole life without markers). */
  synchronized double cpuSeconds() {
    long from = start == null || log == null ? 0 : Math.max(startTicks, 0);
    long to = end == null || endTicks < 0 ? total() : endTicks;
    return (to - from) / (double) TICKS_PER_SECOND;
  }

  /**
   * The counted processes' thread costs between the log markers per request ({@link
   * ThreadCosts#perRequest}), summed over the processes; empty without both markers.
   */
  synchronized Map<String, String> threadCosts(long requests) {
    if (costs.isEmpty()) {
      return Map.of();
    }
    Map<String, ThreadCosts.Group> groups = new LinkedHashMap<>();
    Optional<Long> syscalls = Optional.of(0L);
    for (ThreadCosts.Result r : costs.values()) {
      r.groups().forEach((g, share) -> groups.merge(g, share, ThreadCosts.Group::plus));
      syscalls = syscalls.flatMap(s -> r.syscalls().map(c -> s + c));
    }
    return ThreadCosts.perRequest(groups, syscalls, requests);
  }

  /** Whether the log markers were both seen (always true without markers). */
  synchronized boolean windowSeen() {
    return (start == null || startTicks >= 0) && (end == null || endTicks >= 0);
  }

  /** Sum of the counted processes' {@code VmHWM}, MiB; empty when none was read. */
  synchronized Optional<Long> peakRssMiB() {
    return hwmKib.isEmpty() ? Optional.empty()
        : Optional.of(hwmKib.values().stream().mapToLong(Long::longValue).sum() / 1024);
  }

  /** Counted process count seen over the run (Locust: master + workers). */
  synchronized int processes() {
    return ticks.size();
  }

  /** Stops polling; call after the process exited (a last sample is taken first). */
  @Override
  public void close() {
    running = false;
    poller.interrupt();
    try {
      poller.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
