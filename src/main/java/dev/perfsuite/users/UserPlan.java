package dev.perfsuite.users;

import dev.perfsuite.http.SuiteHttpSampler;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.control.Controller;
import org.apache.jmeter.control.CriticalSectionController;
import org.apache.jmeter.control.GenericController;
import org.apache.jmeter.control.InterleaveControl;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.control.OnceOnlyController;
import org.apache.jmeter.control.RandomController;
import org.apache.jmeter.control.RandomOrderController;
import org.apache.jmeter.control.RunTime;
import org.apache.jmeter.control.ThroughputController;
import org.apache.jmeter.control.TransactionController;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.control.CookieManager;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.SampleMonitor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.timers.ConstantThroughputTimer;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jmeter.timers.Timer;
import org.apache.jmeter.timers.UniformRandomTimer;
import org.apache.jorphan.collections.HashTree;

/**
 * A thread group's plan as each user gets it: copies of what a user may change, the rest shared.
 *
 * <p>Each user's copy is a compact tree ({@link UserTree}).
 *
 * <p>JMeter clones every element of the plan for every user (except {@link NoThreadClone} ones).
 * Much of that copy never changes during a run: a Header Manager or a Constant Timer without
 * {@code ${...}} in any property is read, never written, by every user
 * (JMeter 5.6's elements take a lock around their running-version bookkeeping, and a constant
 * element's undo walk restores the values it already has). Those are shared. An element with a
 * function or a variable anywhere in its properties is per user, as is every element whose class
 * is not on the list here (samplers, controllers, Cookie and Cache Managers, scripts, plugins):
 * their state is the user's. A plain Cookie Manager becomes a {@link UserCookies} per user, and
 * the group itself a copy holding only its loop.
 *
 * <p>It also says whether anything in the plan may read a user's previous sample result between
 * two samples ({@code prev} in scripts, functions, pre-processors, timers and controllers other
 * than JMeter's plain ones). When nothing does, the group drops each user's previous result once
 * its sample's listeners have it ({@link PreviousResultRelease}); post-processors and assertions
 * run before listeners and still see it.
 */
final class UserPlan {
  /**
   * Classes whose instances users can share: state only in properties, and safe to merge.
   *
   * <p>Their merge into a sampler never hands the sampler one of their property objects to merge
   * into: a Header Manager is merged as a reference (or copied when two meet), timers are not
   * merged. Not HTTP Request Defaults: JMeter merges its arguments collection into the sampler's by
   * moving the collection object itself in when the sampler has none, and a later config
   * element then merges into that object, which a shared one would carry to every user.
   */
  private static final Set<Class<?>> SHAREABLE = Set.of(HeaderManager.class,
      ConstantTimer.class, UniformRandomTimer.class);

  /** Controllers that decide on their own counters and properties, never on a result. */
  private static final Set<Class<?>> PLAIN_CONTROLLERS = Set.of(GenericController.class,
      LoopController.class, TransactionController.class, OnceOnlyController.class,
      RandomController.class, RandomOrderController.class, InterleaveControl.class,
      ThroughputController.class, RunTime.class, CriticalSectionController.class);

  private static final Set<Class<?>> PLAIN_TIMERS = Set.of(ConstantTimer.class,
      UniformRandomTimer.class, ConstantThroughputTimer.class);

  private final HashTree source;
  private final Map<Object, Boolean> shared = new IdentityHashMap<>();
  /** Per plain Cookie Manager, the prototype each user's {@link UserCookies} is cloned from. */
  private final Map<Object, UserCookies> cookies = new IdentityHashMap<>();
  private final boolean readsPrevious;
  /** The plan's samplers whose users may keep their config elements merged. */
  private final Map<Object, Boolean> keepMerged = new IdentityHashMap<>();

  private UserPlan(HashTree source) {
    this.source = source;
    this.readsPrevious = readsPrevious(source);
    mark(source);
    List<Object> all = new ArrayList<>();
    collect(source, all);
    if (!readsPrevious && all.stream().allMatch(UserPlan::leavesSamplersAlone)) {
      for (Object element : all) {
        if (element instanceof SuiteHttpSampler sampler && constant(sampler)
            && all.stream().allMatch(e -> mergesTheSame(sampler, e))) {
          keepMerged.put(sampler, Boolean.TRUE);
        }
      }
    }
  }

  private static void collect(HashTree tree, List<Object> all) {
    for (Object key : tree.list()) {
      all.add(key);
      collect(tree.getTree(key), all);
    }
  }

  /**
   * Whether {@code element} is known to leave samplers as they are.
   *
   * <p>JMeter's and the suite's own elements do, except scripts (which may call
   * {@code sampler.set...}); anything from elsewhere might not.
   */
  private static boolean leavesSamplersAlone(Object element) {
    String name = element.getClass().getName();
    String simple = element.getClass().getSimpleName();
    return (name.startsWith("org.apache.jmeter.") || name.startsWith("dev.perfsuite.")
        || name.startsWith("us.abstracta.jmeter.")) && !simple.contains("JSR223")
        && !simple.contains("BeanShell") && !simple.contains("BSF");
  }

  /**
   * Whether merging {@code element} into {@code sampler} gives the same sampler at every sample.
   *
   * <p>True when it does not apply to the sampler, it is an HTTP Request Defaults or Header
   * Manager without {@code ${...}}, or it is merged as a reference to the user's own Cookie or
   * Cache Manager.
   */
  private static boolean mergesTheSame(SuiteHttpSampler sampler, Object element) {
    if (!(element instanceof ConfigTestElement config) || !sampler.applies(config)) {
      return true;
    }
    Class<?> kind = config.getClass();
    return (kind == ConfigTestElement.class || kind == HeaderManager.class) && constant(config)
        || config instanceof CookieManager || config instanceof CacheManager;
  }

  /** The plan of a thread group's tree (the group at its root), analysed once per start. */
  static UserPlan of(HashTree groupTree) {
    return new UserPlan(groupTree);
  }

  /** True when something in the plan may read a user's previous result between samples. */
  boolean readsPreviousResult() {
    return readsPrevious;
  }

  /** True when every user gets this very element instead of a copy. */
  boolean shares(Object element) {
    return element instanceof NoThreadClone || shared.containsKey(element);
  }

  /** One line for the log: what users share and whether they keep their previous result. */
  String describe() {
    int[] counts = new int[2];
    count(source, counts);
    return counts[0] + " elements shared by all users, " + counts[1] + " copied per user; "
        + (readsPrevious ? "each user keeps its previous result (the plan may read it)"
        : "previous results dropped after their listeners (nothing in the plan reads them)");
  }

  private void count(HashTree tree, int[] counts) {
    for (Object key : tree.list()) {
      counts[shares(key) || !(key instanceof TestElement) ? 0 : 1]++;
      count(tree.getTree(key), counts);
    }
  }

  /** A user's own tree: clones of what it may change, the shared elements themselves. */
  HashTree copyForUser() {
    return copy(source);
  }

  private HashTree copy(HashTree tree) {
    UserTree copy = new UserTree(tree.size());
    for (Object key : tree.list()) {
      Object mine;
      if (key instanceof UserGroup group) {
        mine = loopOf(group);
      } else if (cookies.containsKey(key)) {
        mine = cookies.get(key).forUser();
      } else {
        mine = key instanceof TestElement element && !shares(key) ? element.clone() : key;
        if (keepMerged.containsKey(key)) {
          ((SuiteHttpSampler) mine).keepConfigsMerged();
        }
      }
      copy.append(mine, copy(tree.getTree(key)));
    }
    return copy;
  }

  /**
   * A user's copy of its group: only the name and a copy of the loop. A user's thread runs its
   * group copy as a controller, which reads nothing else (JMeter's thread reads the schedule,
   * error actions and counts from the group itself); a full clone carried every property of the
   * group, twice once running.
   */
  private static UserGroup loopOf(UserGroup group) {
    UserGroup loop = new UserGroup();
    loop.setName(group.getName());
    TestElement controller = (TestElement) group.getSamplerController();
    loop.setProperty(new TestElementProperty(AbstractThreadGroup.MAIN_CONTROLLER,
        (TestElement) controller.clone()));
    return loop;
  }

  private void mark(HashTree tree) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && SHAREABLE.contains(element.getClass())
          && constant(element)) {
        shared.put(element, Boolean.TRUE);
      }
      if (key instanceof CookieManager manager && key.getClass() == CookieManager.class) {
        cookies.put(key, UserCookies.of(manager));
      }
      mark(tree.getTree(key));
    }
  }

  /** True when no property of {@code element}, however nested, holds a function or variable. */
  static boolean constant(TestElement element) {
    for (JMeterProperty property : iterable(element)) {
      if (!constant(property)) {
        return false;
      }
    }
    return true;
  }

  private static boolean constant(JMeterProperty property) {
    if (property instanceof FunctionProperty) {
      return false;
    }
    if (property instanceof TestElementProperty nested) {
      return constant((TestElement) nested.getObjectValue());
    }
    if (property instanceof MultiProperty multi) {
      for (JMeterProperty inner : multi) {
        if (!constant(inner)) {
          return false;
        }
      }
      return true;
    }
    // Before JMeter's compiler turned them into functions (a plan not started yet).
    return !property.getStringValue().contains("${");
  }

  private static boolean readsPrevious(HashTree tree) {
    for (Object key : tree.list()) {
      if (key instanceof TestElement element && mayReadPrevious(element)) {
        return true;
      }
      if (readsPrevious(tree.getTree(key))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code element} may read the previous result between samples.
   *
   * <p>Listeners, assertions and post-processors run before the result is dropped, so only what
   * runs later (pre-processors, timers, samplers, controllers, monitors, functions anywhere)
   * counts, and anything not known to leave it alone counts as reading it.
   */
  static boolean mayReadPrevious(TestElement element) {
    if (hasFunction(element)) {
      return true;
    }
    if (element instanceof PreProcessor) {
      return true;
    }
    if (element instanceof SampleMonitor && !(element instanceof FirstSample)) {
      return true;
    }
    if (element instanceof Sampler && !(element instanceof HTTPSamplerBase)) {
      return true;
    }
    if (element instanceof Timer && !PLAIN_TIMERS.contains(element.getClass())
        && !ownElement(element)) {
      return true;
    }
    return element instanceof Controller && !(element instanceof AbstractThreadGroup)
        && !PLAIN_CONTROLLERS.contains(element.getClass());
  }

  private static boolean ownElement(TestElement element) {
    return element.getClass().getName().startsWith("dev.perfsuite.");
  }

  private static boolean hasFunction(TestElement element) {
    for (JMeterProperty property : iterable(element)) {
      if (hasFunction(property)) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasFunction(JMeterProperty property) {
    if (property instanceof FunctionProperty function) {
      Object value = function.getObjectValue();
      return !(value instanceof CompoundVariable compound) || compound.hasFunction();
    }
    if (property instanceof TestElementProperty nested) {
      return hasFunction((TestElement) nested.getObjectValue());
    }
    if (property instanceof MultiProperty multi) {
      for (JMeterProperty inner : multi) {
        if (hasFunction(inner)) {
          return true;
        }
      }
      return false;
    }
    // Not compiled yet: "${__" starts a function call, a plain "${name}" is a variable.
    return property.getStringValue().contains("${__");
  }

  private static Iterable<JMeterProperty> iterable(TestElement element) {
    return element::propertyIterator;
  }
}
