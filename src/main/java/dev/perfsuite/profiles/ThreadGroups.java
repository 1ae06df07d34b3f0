package dev.perfsuite.profiles;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.rpsThreadGroup;

import dev.perfsuite.users.Users;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.RpsThreadGroup;

/**
 * Maps a {@link LoadProfile} onto jmeter-java-dsl thread groups.
 *
 * <p>Closed model: the suite's own {@link Users} group (every stage a step; users on virtual
 * threads on Java 24+, see {@code perf.users.threads}).
 * Open model: {@code rpsThreadGroup} with {@code maxThreads}
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

  private static Users closed(String name, LoadProfile profile) {
    if (profile.iterations().isPresent()) {
      Stage first = profile.stages().get(0);
      return Users.iterating(name, users(first), first.rampUp(),
          profile.iterations().getAsInt());
    }
    Users group = Users.inSteps(name);
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
