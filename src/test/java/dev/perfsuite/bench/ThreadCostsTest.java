package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThreadCostsTest {
  /** A JMeter user's thread as the kernel writes it: the name has spaces and a parenthesis. */
  private static final String USER_STAT = "4711 (bench (a) 1-1) S 4426 4426 9584 0 -1 4194304 "
      + "101 0 0 0 250 37 0 0 20 0 1 0 96880 3133440 402 18446744073709551615 0 0 0 0 0 0 0 0 "
      + "0 0 0 0 17 1 0 0 0 0 0";
  private static final String USER_STATUS = """
      Name:\tbench (a) 1-1
      State:\tS (sleeping)
      Tgid:\t4426
      voluntary_ctxt_switches:\t12345
      nonvoluntary_ctxt_switches:\t67
      """;

  @Test
  void shouldReadCpuTicksAndContextSwitchesOfAThread() {
    ThreadCosts.Task task = ThreadCosts.parse(USER_STAT, USER_STATUS);

    assertThat(task).as("name, utime + stime, voluntary and involuntary switches")
        .isEqualTo(new ThreadCosts.Task("bench (a) 1-1", 287, 12345, 67));
  }

  @Test
  void shouldRejectTextThatIsNoProcStat() {
    assertThatThrownBy(() -> ThreadCosts.parse("garbage", USER_STATUS))
        .as("a stat line without a name").isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ThreadCosts.parse(USER_STAT, "Name:\tx\n"))
        .as("a status without switch counts").isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldGroupThreadsByName() {
    assertThat(ThreadCosts.group("perf-http-2-1")).as("the suite's Netty loop")
        .isEqualTo(ThreadCosts.NETTY);
    assertThat(ThreadCosts.group("gatling-1-2")).as("Gatling's event loop")
        .isEqualTo(ThreadCosts.NETTY);
    assertThat(ThreadCosts.group("bench 1-17")).as("a JMeter user").isEqualTo(ThreadCosts.USERS);
    assertThat(ThreadCosts.group("Thread Group 1-")).as("a JMeter user, name cut at 15")
        .isEqualTo(ThreadCosts.USERS);
    assertThat(ThreadCosts.group("ForkJoinPool-1-")).as("a virtual users' carrier")
        .isEqualTo(ThreadCosts.USERS);
    assertThat(ThreadCosts.group("C2 CompilerThre")).as("the JIT").isEqualTo(ThreadCosts.JIT_GC);
    assertThat(ThreadCosts.group("GC Thread#1")).as("GC").isEqualTo(ThreadCosts.JIT_GC);
    assertThat(ThreadCosts.group("G1 Conc#0")).as("G1").isEqualTo(ThreadCosts.JIT_GC);
    assertThat(ThreadCosts.group("perf-recorder")).as("the suite's recorder")
        .isEqualTo(ThreadCosts.OTHER);
    assertThat(ThreadCosts.group("Signal Dispatch")).as("the JVM's").isEqualTo(ThreadCosts.OTHER);
    assertThat(ThreadCosts.group("bench-peers-ngi", "bench-peers-ngi")).as("a user of a scenario "
        + "whose name the kernel cut").isEqualTo(ThreadCosts.USERS);
  }

  @Test
  void shouldCountEachGroupsShareOfAWindowPerRequest() {
    Map<Long, ThreadCosts.Task> before = Map.of(
        1L, new ThreadCosts.Task("bench 1-1", 100, 1000, 10),
        2L, new ThreadCosts.Task("perf-http-2-1", 50, 500, 5),
        3L, new ThreadCosts.Task("ended 1-9", 70, 70, 7));
    Map<Long, ThreadCosts.Task> after = Map.of(
        1L, new ThreadCosts.Task("bench 1-1", 300, 3000, 20),
        2L, new ThreadCosts.Task("perf-http-2-1", 150, 1500, 15),
        4L, new ThreadCosts.Task("C2 CompilerThre", 10, 4, 6));

    Map<String, String> figures = ThreadCosts.perRequest(ThreadCosts.between(before, after),
        Optional.of(8_000L), 1000);

    assertThat(figures).as("per request over 1,000 requests (ticks are 10 ms)")
        .containsEntry("ctxVolPerReq", "3.004")
        .containsEntry("ctxInvPerReq", "0.026")
        .containsEntry("syscallsPerReq", "8.000")
        .containsEntry("cpuUs.users", "2000.000")
        .containsEntry("cpuUs.netty", "1000.000")
        .containsEntry("cpuUs.jit-gc", "100.000")
        .containsEntry("cpuUs.other", "0.000")
        .containsEntry("threads.users", "1");
  }

  @Test
  void shouldReadTheSyscallCountOfPerfStat() {
    assertThat(ThreadCosts.syscalls("# started on Sat\n\n36490,,raw_syscalls:sys_enter,"
        + "281643539,100.00,,\n")).as("a counted window").contains(36490L);
    assertThat(ThreadCosts.syscalls("<not counted>,,raw_syscalls:sys_enter,0,100.00,,\n"))
        .as("a window perf did not count").isEmpty();
    assertThat(ThreadCosts.syscalls("")).as("no perf output").isEmpty();
  }
}
