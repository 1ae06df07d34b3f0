package dev.perfsuite.profiles;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;

/**
 * Maps a {@link LoadProfile} onto jmeter-java-dsl thread groups.
 *
 * <p>Closed model: a default thread group (one stage becomes a plain JMeter ThreadGroup, several
 * become an Ultimate Thread Group). Think time becomes a constant timer, which JMeter applies
 * before each sampler.
 *
 * <p>Open model: {@code maxThreads} users started at once for the profile's whole length, paced
 * by an {@link ArrivalTimer} that gives every request an intended start from the stage rates. A
 * request waits for a free user instead of being dropped, and its response time counts from the
 * intended start, so a stalled server cannot hide behind busy users (coordinated omission). The
 * open model ignores think time: the schedule paces requests.
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
    List<ThreadGroupChild> all = new ArrayList<>(Arrays.asList(children));
    if (profile.model() == LoadModel.CLOSED) {
      if (!profile.thinkTime().isZero()) {
        all.add(constantTimer(profile.thinkTime()));
      }
      return closed(name, profile).children(all.toArray(ThreadGroupChild[]::new));
    }
    return open(name, profile).children(all.toArray(ThreadGroupChild[]::new));
  }

  private static DslDefaultThreadGroup closed(String name, LoadProfile profile) {
    DslDefaultThreadGroup group = threadGroup(name);
    if (profile.iterations().isPresent()) {
      Stage first = profile.stages().get(0);
      return group.rampTo(users(first), first.rampUp())
          .holdIterating(profile.iterations().getAsInt());
    }
    for (Stage stage : profile.stages()) {
      group = group.rampToAndHold(users(stage), stage.rampUp(), stage.hold());
    }
    return group;
  }

  private static DslDefaultThreadGroup open(String name, LoadProfile profile) {
    return threadGroup(name, profile.maxThreads(), profile.plannedDuration())
        .children(ArrivalTimer.of(profile));
  }

  private static int users(Stage stage) {
    return (int) Math.round(stage.level());
  }
}
