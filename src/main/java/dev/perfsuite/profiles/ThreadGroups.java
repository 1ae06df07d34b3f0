package dev.perfsuite.profiles;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;

import dev.perfsuite.users.Stage;
import dev.perfsuite.users.StartReport;
import dev.perfsuite.users.Users;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * Maps a {@link LoadProfile} onto jmeter-java-dsl thread groups.
 *
 * <p>Closed model: the suite's own {@link Users} group (every stage a step), with think time as
 * a constant timer, which JMeter applies before each sampler.
 *
 * <p>Open model: {@code maxThreads} users started at once for the profile's whole length, paced
 * by an {@link ArrivalTimer} that gives every request an intended start from the stage rates. A
 * request waits for a free user instead of being dropped, and its response time counts from the
 * intended start, so a stalled server cannot hide behind busy users (coordinated omission). The
 * open model ignores think time: the schedule paces requests.
 *
 * <p>Both run users on the thread kind the profile asks for ({@code perf.users.threads}: virtual
 * threads on Java 24+ by default).
 */
public final class ThreadGroups {

  private ThreadGroups() {
  }

  /**
   * A thread group running {@code children} with the profile's shape.
   *
   * @param name the thread group name, shown in JTL thread names
   * @param profile the load shape
   * @param children samplers, controllers and config elements of one user journey
   */
  public static BaseThreadGroup<?> of(String name, LoadProfile profile,
      ThreadGroupChild... children) {
    return of(name, profile, report -> { }, children);
  }

  /**
   * As {@link #of(String, LoadProfile, ThreadGroupChild...)}, handing how fast the group started
   * its users in this JVM to {@code starts} (nothing when a remote engine runs the group).
   */
  public static BaseThreadGroup<?> of(String name, LoadProfile profile,
      Consumer<StartReport> starts, ThreadGroupChild... children) {
    List<ThreadGroupChild> all = new ArrayList<>(Arrays.asList(children));
    if (profile.model() == LoadModel.CLOSED) {
      if (!profile.thinkTime().isZero()) {
        all.add(constantTimer(profile.thinkTime()));
      }
      return closed(name, profile).reportingStartsTo(starts)
          .children(all.toArray(ThreadGroupChild[]::new));
    }
    return open(name, profile).reportingStartsTo(starts)
        .children(all.toArray(ThreadGroupChild[]::new));
  }

  private static Users closed(String name, LoadProfile profile) {
    if (profile.iterations().isPresent()) {
      Stage first = profile.stages().get(0);
      return Users.iterating(name, first.users(), first.rampUp(),
          profile.iterations().getAsInt()).threads(profile.userThreads());
    }
    Users group = Users.inSteps(name).threads(profile.userThreads());
    for (Stage stage : profile.stages()) {
      group = group.rampToAndHold(stage.users(), stage.rampUp(), stage.hold());
    }
    return group;
  }

  private static Users open(String name, LoadProfile profile) {
    return Users.looping(name, profile.maxThreads(), profile.plannedDuration())
        .threads(profile.userThreads()).children(ArrivalTimer.of(profile));
  }
}
