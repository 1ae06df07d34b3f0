package dev.perfsuite.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What one process's threads cost over a window, by thread group: CPU time and context switches
 * from {@code /proc/PID/task/*}, and system calls from {@code perf stat} where it works.
 *
 * <p>Per thread, {@code stat} gives {@code comm} (the name, cut to 15 characters), {@code utime}
 * and {@code stime} (clock ticks, 100 per second), {@code status} gives
 * {@code voluntary_ctxt_switches} (the thread blocked: a park, a read with nothing to read) and
 * {@code nonvoluntary_ctxt_switches} (the scheduler took the core away). A thread started inside
 * the window counts from zero; one that ended inside it keeps what the last {@link Window#poll}
 * read of it (without polls, its share is lost). System calls: {@code perf stat -e
 * raw_syscalls:sys_enter -p PID} over the same window, every thread of the process; empty where
 * {@code perf} or the tracepoint is not
 * available (no {@code perf} binary, {@code kernel.perf_event_paranoid} too high, no tracefs).
 *
 * <p>Groups by thread name: {@value #NETTY} (the suite's {@code perf-http-*}, Gatling's and any
 * Netty event loop), {@value #USERS} (JMeter's user threads; on virtual users their carriers,
 * {@code ForkJoinPool-*}), {@value #JIT_GC} (C1/C2 compilers, GC workers, the VM thread) and
 * {@value #OTHER} (timers, the recorder, Gatling's actors, the JVM's service threads).
 */
final class ThreadCosts {
  static final String NETTY = "netty";
  static final String USERS = "users";
  static final String JIT_GC = "jit-gc";
  static final String OTHER = "other";
  static final List<String> GROUPS = List.of(NETTY, USERS, JIT_GC, OTHER);
  private static final double MICROS_PER_TICK = 1e6 / 100;
  private static final List<String> JIT_GC_PREFIXES = List.of("C1 Compiler", "C2 Compiler",
      "GC Thread", "G1 ", "VM Thread", "VM Periodic", "Sweeper", "ZWorker", "ZDirector",
      "Shenandoah", "GC ");
  private static final List<String> NETTY_PREFIXES = List.of("perf-http", "gatling-http",
      "epollEventLoop", "nioEventLoopGro", "multiThreadIoE", "gatling-");
  /** Threads the suite itself runs beside JMeter's users: never counted as users. */
  private static final List<String> SUITE_OTHER = List.of("perf-", "bench-", "process-tree");

  private ThreadCosts() {
  }

  /** One thread's counters at one moment. */
  record Task(String comm, long cpuTicks, long voluntary, long involuntary) {
  }

  /** A group's share of a window. */
  record Group(long cpuTicks, long voluntary, long involuntary, int threads) {
    Group plus(Group other) {
      return new Group(cpuTicks + other.cpuTicks, voluntary + other.voluntary,
          involuntary + other.involuntary, threads + other.threads);
    }
  }

  /**
   * One thread's counters from its {@code stat} and {@code status} files' text.
   *
   * @throws IllegalArgumentException when either text is not what the kernel writes
   */
  static Task parse(String stat, String status) {
    int open = stat.indexOf('(');
    int close = stat.lastIndexOf(')');
    if (open < 0 || close < open) {
      throw new IllegalArgumentException("not a /proc stat line: " + stat);
    }
    // After the name: state is field 3 of the man page, utime 14 and stime 15.
    String[] f = stat.substring(close + 2).strip().split(" ");
    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    return new Task(stat.substring(open + 1, close), ticks,
        statusField(status, "voluntary_ctxt_switches"),
        statusField(status, "nonvoluntary_ctxt_switches"));
  }

  private static long statusField(String status, String name) {
    for (String line : status.split("\n")) {
      if (line.startsWith(name + ":")) {
        return Long.parseLong(line.substring(name.length() + 1).strip());
      }
    }
    throw new IllegalArgumentException("no " + name + " in /proc status");
  }

  /** Every live thread of {@code pid} by thread id; threads that end while read are skipped. */
  static Map<Long, Task> read(long pid) {
    Map<Long, Task> tasks = new HashMap<>();
    Path dir = Path.of("/proc", Long.toString(pid), "task");
    try (Stream<Path> list = Files.list(dir)) {
      list.forEach(task -> {
        try {
          tasks.put(Long.parseLong(task.getFileName().toString()), parse(
              Files.readString(task.resolve("stat")), Files.readString(task.resolve("status"))));
        } catch (IOException | RuntimeException gone) {
          // The thread ended between listing and reading.
        }
      });
    } catch (IOException e) {
      return Map.of();
    }
    return tasks;
  }

  /**
   * The group of a thread by its (15-character) name; {@code users} names the run's user
   * threads when their JMeter names are too long to keep their numbers (the suite names them
   * after the scenario), empty for none.
   */
  static String group(String comm, String users) {
    if (!users.isEmpty() && comm.startsWith(users)) {
      return USERS;
    }
    return group(comm);
  }

  /** The group of a thread by its (15-character) name. */
  static String group(String comm) {
    if (JIT_GC_PREFIXES.stream().anyMatch(comm::startsWith)) {
      return JIT_GC;
    }
    if (NETTY_PREFIXES.stream().anyMatch(comm::startsWith)) {
      return NETTY;
    }
    if (SUITE_OTHER.stream().anyMatch(comm::startsWith)) {
      return OTHER;
    }
    // JMeter names a user "<thread group> <group>-<user>"; virtual users run on ForkJoinPool
    // carriers.
    if (comm.startsWith("ForkJoinPool-") || comm.matches(".* \\d+-\\d*")) {
      return USERS;
    }
    return OTHER;
  }

  /** Each group's share between two readings of the same process, every group present. */
  static Map<String, Group> between(Map<Long, Task> before, Map<Long, Task> after) {
    return between(before, after, "");
  }

  /** {@link #between(Map, Map)} with the run's user-thread name prefix ({@link #group}). */
  static Map<String, Group> between(Map<Long, Task> before, Map<Long, Task> after,
      String users) {
    Map<String, Group> groups = new LinkedHashMap<>();
    GROUPS.forEach(g -> groups.put(g, new Group(0, 0, 0, 0)));
    after.forEach((tid, now) -> {
      Task then = before.getOrDefault(tid, new Task(now.comm(), 0, 0, 0));
      groups.merge(group(now.comm(), users), new Group(now.cpuTicks() - then.cpuTicks(),
          now.voluntary() - then.voluntary(), now.involuntary() - then.involuntary(), 1),
          Group::plus);
    });
    return groups;
  }

  /**
   * The window's figures per request as {@code BENCH-RESULT} fields: {@code ctxVolPerReq},
   * {@code ctxInvPerReq}, {@code cpuUs.<group>} and {@code threads.<group>}, plus
   * {@code syscallsPerReq} when {@code syscalls} is known.
   */
  static Map<String, String> perRequest(Map<String, Group> groups, Optional<Long> syscalls,
      long requests) {
    Map<String, String> out = new LinkedHashMap<>();
    double n = Math.max(1, requests);
    long voluntary = groups.values().stream().mapToLong(Group::voluntary).sum();
    long involuntary = groups.values().stream().mapToLong(Group::involuntary).sum();
    out.put("costRequests", Long.toString(requests));
    out.put("ctxVolPerReq", fmt(voluntary / n));
    out.put("ctxInvPerReq", fmt(involuntary / n));
    syscalls.ifPresent(s -> out.put("syscallsPerReq", fmt(s / n)));
    groups.forEach((name, g) -> {
      out.put("cpuUs." + name, fmt(g.cpuTicks() * MICROS_PER_TICK / n));
      out.put("threads." + name, Integer.toString(g.threads()));
    });
    return out;
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  /**
   * A window being measured: the threads' first reading and, where it works, a {@code perf stat}
   * counting the process's system calls until {@link #end}.
   */
  static final class Window {
    private final long pid;
    private final String users;
    private final Map<Long, Task> before;
    private final Map<Long, Task> latest = new HashMap<>();
    private final Path perfOut;
    private final Process perf;

    private Window(long pid, String users, Map<Long, Task> before, Path perfOut,
        Process perf) {
      this.pid = pid;
      this.users = users;
      this.before = before;
      this.perfOut = perfOut;
      this.perf = perf;
    }

    /** Starts measuring {@code pid}; {@code perfOut} is where perf writes its counts. */
    static Window start(long pid, Path perfOut) {
      return start(pid, perfOut, "");
    }

    /**
     * Starts measuring {@code pid}, its user threads named from {@code users} on (cut to the
     * kernel's 15 characters here).
     */
    static Window start(long pid, Path perfOut, String users) {
      Process perf = null;
      try {
        Files.deleteIfExists(perfOut);
        perf = new ProcessBuilder("perf", "stat", "-x", ",", "-e", "raw_syscalls:sys_enter",
            "-o", perfOut.toString(), "-p", Long.toString(pid))
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      } catch (IOException noPerf) {
        // System calls stay unknown; the /proc figures do not need perf.
      }
      return new Window(pid, users.substring(0, Math.min(15, users.length())), read(pid),
          perfOut, perf);
    }

    /**
     * Reads the threads again, keeping each one's last figures: a thread that ends before
     * {@link #end} (Gatling stops its event loops before its report phase) keeps its share up
     * to the last reading.
     */
    synchronized void poll() {
      latest.putAll(read(pid));
    }

    /** Ends the window: the threads' share by group and the system calls, if counted. */
    synchronized Result end() {
      poll();
      Map<Long, Task> after = latest;
      Optional<Long> syscalls = Optional.empty();
      if (perf != null) {
        try {
          // perf stat prints its counts on SIGINT.
          new ProcessBuilder("kill", "-INT", Long.toString(perf.pid())).start().waitFor();
          if (perf.waitFor(5, TimeUnit.SECONDS)) {
            syscalls = syscalls(Files.readString(perfOut));
          } else {
            perf.destroyForcibly();
          }
        } catch (IOException e) {
          perf.destroyForcibly();
        } catch (InterruptedException e) {
          perf.destroyForcibly();
          Thread.currentThread().interrupt();
        }
      }
      return new Result(between(before, after, users), syscalls);
    }
  }

  /** A window's figures. */
  record Result(Map<String, Group> groups, Optional<Long> syscalls) {
    Map<String, String> perRequest(long requests) {
      return ThreadCosts.perRequest(groups, syscalls, requests);
    }
  }

  /** The count of {@code perf stat -x ,}'s {@code raw_syscalls:sys_enter} line, if counted. */
  static Optional<Long> syscalls(String perfOutput) {
    for (String line : perfOutput.split("\n")) {
      String[] f = line.split(",");
      if (f.length > 2 && f[2].equals("raw_syscalls:sys_enter")) {
        try {
          return Optional.of(Long.parseLong(f[0].strip()));
        } catch (NumberFormatException notCounted) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }
}
