package dev.perfsuite.profiles;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.rpsThreadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.DslDefaultThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.RpsThreadGroup;

/**
 * Maps a {@link LoadProfile} onto jmeter-java-dsl thread groups.
 *
 * <p>Closed model: a default thread group (one stage becomes a plain JMeter ThreadGroup, several
 * become an Ultimate Thread Group). Open model: {@code rpsThreadGroup} with {@code maxThreads}
 * always set, since the DSL's default is unbounded. Think time becomes a constant timer, which
 * JMeter applies before each sampler; the open model ignores it because its timer already paces
 * requests.
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

  private static RpsThreadGroup open(String name, LoadProfile profile) {
    RpsThreadGroup group = rpsThreadGroup(name).maxThreads(profile.maxThreads());
    for (Stage stage : profile.stages()) {
      group = group.rampToAndHold(stage.level(), stage.rampUp(), stage.hold());
    }
    return group;
  }

  private static int users(Stage stage) {
    return (int) Math.round(stage.level());
  }
}
