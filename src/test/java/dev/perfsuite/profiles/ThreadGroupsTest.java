package dev.perfsuite.profiles;

import static dev.perfsuite.profiles.Profiles.stage;
import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;

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
  void shouldUseDefaultThreadGroupForClosedModel() {
    assertThat(ThreadGroups.of("users", Profiles.smoke()))
        .isInstanceOf(DslDefaultThreadGroup.class);
  }

  @Test
  void shouldPaceTheOpenModelWithTheSuitesArrivalSchedule() throws IOException {
    String xml = jmx(ThreadGroups.of("rate", Profiles.smoke().withTargetRate(10)));
    assertThat(xml).as("the suite's schedule, not the plugins' throughput timer")
        .contains("ArrivalTimer$Element").doesNotContain("VariableThroughputTimer");
  }

  /** Ultimate Thread Group rows: threads added, start delay, ramp, hold, shutdown (seconds). */
  private static List<List<Integer>> ultimateRows(String xml) {
    Matcher row = Pattern.compile("<collectionProp name=\"-?\\d+\">(.*?)</collectionProp>",
        Pattern.DOTALL).matcher(xml);
    List<List<Integer>> rows = new ArrayList<>();
    while (row.find()) {
      Matcher cell = Pattern.compile(">(\\d+)</stringProp>").matcher(row.group(1));
      List<Integer> cells = new ArrayList<>();
      while (cell.find()) {
        cells.add(Integer.parseInt(cell.group(1)));
      }
      rows.add(cells);
    }
    return rows;
  }

  @Test
  void shouldWriteScaledStageUsersOfClosedProfile() throws IOException {
    String xml = jmx(ThreadGroups.of("stepped", Profiles.stepped().withUsers(100)));

    assertThat(xml).as("several stages become an Ultimate Thread Group")
        .contains("kg.apc.jmeter.threads.UltimateThreadGroup");
    assertThat(ultimateRows(xml)).as("50 users over 250 s, then 50 more to 100 at 1450 s")
        .containsExactly(
            List.of(50, 0, 250, 2650, 0),
            List.of(50, 1450, 250, 1200, 0));
  }

  @Test
  void shouldWriteSingleStageAsPlainThreadGroup() throws IOException {
    String xml = jmx(ThreadGroups.of("smoke", Profiles.smoke()));

    assertThat(xml).contains("ThreadGroup.num_threads\">4<")
        .doesNotContain("UltimateThreadGroup");
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
