package dev.perfsuite.engines;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.users.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.StringProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;

/**
 * How a run's users are shared among remote engines ({@code perf.remotes.split}).
 *
 * <p>{@link RemoteSplit#EVEN} divides every stage's users (or, for the open model, its rate and
 * thread cap) by the number of engines, as WSO2's harness does with its "total users / number of
 * JMeter servers"; a stage that does not divide evenly is rejected, because rounding would
 * silently change the load. {@link RemoteSplit#PER_ENGINE} gives every engine the whole profile,
 * as plain JMeter distributed mode does, so the total is the profile times the engines.
 *
 * <p>A plan that brings its own thread groups (a JMX run with {@code perf.jmx.load=plan}) is
 * shared the same way, group by group ({@link #threadGroupsPerEngine}).
 */
public final class UserSplit {

  private UserSplit() {
  }

  /**
   * The profile each of {@code engines} runs so that together they run {@code whole}.
   *
   * @throws IllegalArgumentException naming the stage, the users, the engines and the fix when an
   *     even split is impossible
   */
  public static LoadProfile perEngine(LoadProfile whole, int engines, RemoteSplit split) {
    if (split == RemoteSplit.PER_ENGINE || engines == 1) {
      return whole;
    }
    List<Stage> stages = new ArrayList<>();
    for (int i = 0; i < whole.stages().size(); i++) {
      Stage stage = whole.stages().get(i);
      stages.add(new Stage(share(whole, i, stage.level(), engines), stage.rampUp(), stage.hold()));
    }
    int maxThreads = whole.model() == LoadModel.OPEN
        ? (int) Math.ceil(whole.maxThreads() / (double) engines) : whole.maxThreads();
    return new LoadProfile(whole.name(), whole.model(), stages, whole.iterations(),
        whole.thinkTime(), whole.warmUp(), maxThreads, whole.arrivals(),
        whole.userThreads(), whole.connections());
  }

  private static double share(LoadProfile whole, int index, double level, int engines) {
    if (whole.model() == LoadModel.OPEN) {
      return level / engines;
    }
    long users = Math.round(level);
    if (users % engines != 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "perf.remotes.split=even cannot divide %d users (stage %d of profile '%s') evenly across "
              + "%d engines (perf.remotes). Fix: use a multiple of %d users (perf.threads), or "
              + "-Dperf.remotes.split=per-engine to run the full profile on every engine.",
          users, index + 1, whole.name(), engines, engines));
    }
    return users / engines;
  }

  private static int share(String scenario, TestElement group, String where, int threads,
      int engines) {
    if (threads % engines != 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "perf.remotes.split=even cannot divide %d users (%sthread group '%s' of plan '%s') "
              + "evenly across %d engines (perf.remotes). Fix: use a multiple of %d users in "
              + "that thread group, or -Dperf.remotes.split=per-engine to run the whole plan on "
              + "every engine.",
          threads, where, group.getName(), scenario, engines, engines));
    }
    return threads / engines;
  }

  /**
   * The plan elements each of {@code engines} runs when the plan brings its own thread groups. With
   * {@link RemoteSplit#EVEN} every main thread group's thread count (a Thread Group's threads, a
   * Concurrency Thread Group's target concurrency, each row of an Ultimate Thread Group) is divided
   * by the number of engines; setUp and tearDown groups run whole on every engine, as in JMeter.
   * Groups are copied, so the plan itself is unchanged.
   *
   * @throws IllegalArgumentException before load, naming the group, its threads, the engines and
   *     the fix, when a count does not divide evenly
   */
  public static List<TestPlanChild> threadGroupsPerEngine(String scenario,
      List<TestPlanChild> elements, int engines, RemoteSplit split) {
    if (split == RemoteSplit.PER_ENGINE || engines == 1) {
      return elements;
    }
    List<TestPlanChild> shared = new ArrayList<>();
    for (TestPlanChild element : elements) {
      HashTree built = new HashTree();
      element.buildTreeUnder(built, new BuildTreeContext());
      boolean groups = built.list().stream().anyMatch(UserSplit::divisible);
      shared.add(groups ? BuiltTree.of(divided(scenario, built, engines)) : element);
    }
    return shared;
  }

  private static boolean divisible(Object element) {
    return element instanceof AbstractThreadGroup && !(element instanceof SetupThreadGroup)
        && !(element instanceof PostThreadGroup);
  }

  private static HashTree divided(String scenario, HashTree built, int engines) {
    HashTree copy = new HashTree();
    for (Object key : built.list()) {
      Object element = key;
      if (divisible(key)) {
        AbstractThreadGroup group = (AbstractThreadGroup) ((AbstractThreadGroup) key).clone();
        divide(scenario, group, engines);
        element = group;
      }
      copy.add(element).add(built.getTree(key));
    }
    return copy;
  }

  private static void divide(String scenario, AbstractThreadGroup group, int engines) {
    String type = group.getClass().getName();
    if (type.endsWith(".UltimateThreadGroup")) {
      JMeterProperty data = group.getProperty("ultimatethreadgroupdata");
      if (data instanceof CollectionProperty rows) {
        for (int i = 0; i < rows.size(); i++) {
          if (rows.get(i) instanceof CollectionProperty cells && cells.size() > 0) {
            int threads = threads(scenario, group, cells.get(0).getStringValue());
            cells.set(0, new StringProperty(cells.get(0).getName(),
                Integer.toString(share(scenario, group, "row " + (i + 1) + " of ", threads,
                    engines))));
          }
        }
      }
    } else if (type.endsWith(".ConcurrencyThreadGroup")) {
      int threads = threads(scenario, group, group.getPropertyAsString("TargetLevel"));
      group.setProperty("TargetLevel", Integer.toString(share(scenario, group, "", threads,
          engines)));
    } else {
      int threads = threads(scenario, group,
          group.getPropertyAsString(AbstractThreadGroup.NUM_THREADS));
      group.setNumThreads(share(scenario, group, "", threads, engines));
    }
  }

  private static int threads(String scenario, TestElement group, String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("perf.remotes.split=even cannot divide the threads of "
          + "thread group '" + group.getName() + "' of plan '" + scenario + "': '" + text
          + "' is not a number. Fix: give the plan a thread count (or a ${__P()} the suite "
          + "fills), or -Dperf.remotes.split=per-engine to run the whole plan on every engine.",
          e);
    }
  }

}
