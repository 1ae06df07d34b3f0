package dev.perfsuite.engines;

import dev.perfsuite.profiles.LoadProfile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * One user journey under one load profile, ready for an engine: the scenario's samplers plus the
 * shape that drives them.
 *
 * @param scenario name used for the results directory and reports, e.g. {@code wso2-10u-1KiB}
 * @param profile the load shape
 * @param journey what each user does per iteration: samplers, controllers, extractors
 * @param planElements test-plan level elements such as HTTP defaults or extra listeners
 * @param ownThreadGroups true when {@code planElements} bring their own thread groups (an
 *     imported JMX plan): no thread group is built from {@code profile}, which then only
 *     describes them (planned duration for the watchdog, warm-up) and {@code journey} is empty
 */
public record LoadPlan(String scenario, LoadProfile profile, List<ThreadGroupChild> journey,
    List<TestPlanChild> planElements, boolean ownThreadGroups) {

  public LoadPlan {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(profile, "profile");
    journey = List.copyOf(journey);
    planElements = List.copyOf(planElements);
    if (journey.isEmpty() != ownThreadGroups) {
      throw new IllegalArgumentException("scenario " + scenario + (ownThreadGroups
          ? " brings its own thread groups and must have no journey" : " has no journey elements"));
    }
    if (!scenario.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("scenario name '" + scenario
          + "' must use letters, digits, '.', '_' or '-' only (it names a directory)");
    }
  }

  /** A plan whose thread group the engine builds from {@code profile}. */
  public LoadPlan(String scenario, LoadProfile profile, List<ThreadGroupChild> journey,
      List<? extends TestPlanChild> planElements) {
    this(scenario, profile, journey, List.copyOf(planElements), false);
  }

  /** A plan running {@code journey} with {@code profile}. */
  public static LoadPlan of(String scenario, LoadProfile profile, ThreadGroupChild... journey) {
    return new LoadPlan(scenario, profile, Arrays.asList(journey), List.of(), false);
  }

  /**
   * A plan whose {@code elements} contain their own thread groups, such as a loaded JMX;
   * {@code profile} describes them (duration, warm-up) and drives no thread group.
   */
  public static LoadPlan withOwnThreadGroups(String scenario, LoadProfile profile,
      List<TestPlanChild> elements) {
    return new LoadPlan(scenario, profile, List.of(), elements, true);
  }

  /** Adds test-plan level elements (HTTP defaults, headers shared by all users, listeners). */
  public LoadPlan with(TestPlanChild... elements) {
    List<TestPlanChild> all = new ArrayList<>(planElements);
    all.addAll(Arrays.asList(elements));
    return new LoadPlan(scenario, profile, journey, all, ownThreadGroups);
  }
}
