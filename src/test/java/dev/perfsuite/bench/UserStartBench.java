package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223Sampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadPause;

import dev.perfsuite.users.UserThreads;
import dev.perfsuite.users.Users;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Users started per second, all users asked for at once (ramp 0): the DSL's default thread group
 * (JMeter's Thread Group, what the suite ran before its own) against the suite's user group on
 * platform and, on Java 21+, virtual threads. A user counts as started at its first sample; each
 * user then pauses (a thread pause, no request) so that the machine only starts users.
 *
 * <p>Settings: {@code bench.start.users} (default 10000), {@code bench.start.hold} (20s). Run on
 * both JDKs: {@code mvn -o verify -Dtest=none -Dit.test=UserStartBench} with and without
 * {@code JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64}.
 */
final class UserStartBench {
  private static final Map<String, Long> FIRST_SAMPLE = new ConcurrentHashMap<>();

  @Test
  void shouldStartTenThousandUsersFasterThanJmetersThreadGroup() {
    int users = Integer.getInteger("bench.start.users", 10_000);
    Duration hold = BenchSettings.duration(System.getProperty("bench.start.hold", "20s"));
    List<String> rows = new ArrayList<>();
    double before = measure("JMeter Thread Group (DSL threadGroup)", rows, users,
        threadGroup("tg", users, hold));
    double platform = measure("suite users, platform threads", rows, users,
        Users.looping("users", users, hold).threads(UserThreads.PLATFORM));
    double virtual = 0;
    if (Runtime.version().feature() >= UserThreads.FIRST_VIRTUAL_JAVA) {
      virtual = measure("suite users, virtual threads", rows, users,
          Users.looping("users", users, hold).threads(UserThreads.VIRTUAL));
    }
    String body = String.format(Locale.ROOT, """
        %d users asked for at once (ramp 0), each counted at its first sample, then a %d s \
        pause; Java %d; one JVM, groups run one after the other; load average at the end: %s.

        | group | users started | seconds to start them | users started per second |
        |---|---:|---:|---:|
        %s
        """, users, hold.toSeconds(), Runtime.version().feature(), Machine.readLoadAverage(),
        String.join("\n", rows));
    System.out.println(body);
    assertThat(platform).as("users per second, suite platform vs JMeter's group")
        .isGreaterThan(before * 0.5);
    if (virtual > 0) {
      assertThat(virtual).as("users per second, virtual vs JMeter's group")
          .isGreaterThan(before);
    }
  }

  private static double measure(String name, List<String> rows, int users,
      BaseThreadGroup<?> group) {
    FIRST_SAMPLE.clear();
    ThreadGroupChild record = jsr223Sampler("start", s -> FIRST_SAMPLE.putIfAbsent(
        Thread.currentThread().getName(), System.nanoTime()));
    long start = System.nanoTime();
    try {
      testPlan(group.children(record, threadPause(Duration.ofMinutes(10)))).run();
    } catch (Exception e) {
      throw new IllegalStateException(name + " failed", e);
    }
    long last = FIRST_SAMPLE.values().stream().mapToLong(Long::longValue).max().orElse(start);
    double seconds = (last - start) / 1e9;
    double perSecond = FIRST_SAMPLE.size() / seconds;
    rows.add(String.format(Locale.ROOT, "| %s | %d | %.1f | %.0f |", name, FIRST_SAMPLE.size(),
        seconds, perSecond));
    System.out.println("start: " + rows.get(rows.size() - 1));
    return perSecond;
  }
}
