package dev.perfsuite.profiles;

import static dev.perfsuite.profiles.Profiles.stage;
import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import dev.perfsuite.users.Users;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

/** The profile-to-JMeter mapping, checked in the JMX the DSL would run. */
class ThreadGroupsTest {

  @TempDir
  Path temp;

  private String jmx(BaseThreadGroup<?> group) throws IOException {
    Path file = temp.resolve("plan.jmx");
    testPlan(group).saveAsJmx(file.toString());
    return Files.readString(file);
  }

  @Test
  void shouldUseTheSuitesUserGroupForClosedModel() {
    assertThat(ThreadGroups.of("users", Profiles.smoke())).isInstanceOf(Users.class);
  }

  @Test
  void shouldPaceTheOpenModelWithTheSuitesArrivalSchedule() throws IOException {
    String xml = jmx(ThreadGroups.of("rate", Profiles.smoke().withTargetRate(10)));
    assertThat(xml).as("the suite's schedule, not the plugins' throughput timer")
        .contains("ArrivalTimer$Element").doesNotContain("VariableThroughputTimer");
  }

  @Test
  void shouldWriteScaledStageUsersOfClosedProfile() throws IOException {
    String xml = jmx(ThreadGroups.of("stepped", Profiles.stepped().withUsers(100)));

    assertThat(xml).as("every stage a step: users, ramp ms, hold ms")
        .contains("dev.perfsuite.users.UserGroup")
        .containsPattern("PerfUsers.steps\">50:250000:1200000,100:250000:1200000<");
  }

  @Test
  void shouldWriteSingleStageAsPlainThreadGroup() throws IOException {
    String xml = jmx(ThreadGroups.of("smoke", Profiles.smoke()));

    assertThat(xml).as("still read as a Thread Group: users, ramp, scheduler")
        .contains("ThreadGroup.num_threads\">4<").doesNotContain("UltimateThreadGroup");
  }

  @Test
  void shouldAlwaysWriteMaxThreadsForOpenModel() throws IOException {
    LoadProfile profile = Profiles.open("rate", Duration.ZERO, 37,
        stage(20, Duration.ofSeconds(1), Duration.ofSeconds(4)));

    String xml = jmx(ThreadGroups.of("rate", profile));

    assertThat(xml).as("the thread cap is the users started, never unbounded")
        .contains("ThreadGroup.num_threads\">37<")
        .doesNotContain(String.valueOf(Integer.MAX_VALUE));
  }

  @Test
  void shouldAddThinkTimeTimerOnlyInClosedModel() throws IOException {
    LoadProfile closed = Profiles.smoke().withThinkTime(Duration.ofMillis(750));

    assertThat(jmx(ThreadGroups.of("closed", closed))).contains("ConstantTimer", ">750<");
    assertThat(jmx(ThreadGroups.of("open", closed.withTargetRate(5))))
        .doesNotContain("ConstantTimer");
  }
}
