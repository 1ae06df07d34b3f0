package dev.perfsuite.jmx;

import dev.perfsuite.profiles.Durations;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.users.Stage;
import dev.perfsuite.users.UserThreads;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.ToIntFunction;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;

/**
 * The load a JMX's own thread groups make, as a {@link LoadProfile} the engine can watch: peak
 * users (the sum over groups), planned duration (the longest group) or iterations, and the
 * suite's warm-up.
 *
 * <p>Understood: JMeter's Thread Group (loops or scheduler), the Ultimate Thread Group and the
 * Concurrency Thread Group. A group that would run forever fails before load.
 */
final class PlanShape {
  private PlanShape() {
  }

  /** The profile describing {@code groups}, whose fields use no plan variables. */
  static LoadProfile of(String plan, List<AbstractThreadGroup> groups, Duration warmUp) {
    return of(plan, groups, warmUp, PlanValues.none(), g -> -1);
  }

  /**
   * The profile describing {@code groups}; {@code values} evaluates variables and functions in
   * their fields as JMeter would.
   *
   * @param warmUp excluded from the verdict at the start (zero: every sample counts)
   * @param csvRows rows of a CSV Data Set that stops a group's threads at its end (recycle off,
   *     stop thread on), -1 when the group has none: such a group may loop forever
   */
  static LoadProfile of(String plan, List<AbstractThreadGroup> groups, Duration warmUp,
      PlanValues values, ToIntFunction<AbstractThreadGroup> csvRows) {
    if (groups.isEmpty()) {
      throw new JmxException(plan + " has no enabled thread group: nothing would run");
    }
    int users = 0;
    Duration longest = Duration.ZERO;
    Duration ramp = Duration.ZERO;
    int iterations = 0;
    boolean timed = false;
    for (AbstractThreadGroup group : groups) {
      Shape shape = shape(plan, group, values, csvRows.applyAsInt(group));
      users += shape.users;
      ramp = max(ramp, shape.ramp);
      if (shape.iterations > 0) {
        iterations = Math.max(iterations, shape.iterations);
      } else {
        timed = true;
        longest = max(longest, shape.duration);
      }
    }
    try {
      // The plan's own Thread Groups run one platform thread per user (the capacity check reads
      // this), whatever perf.users.threads says.
      LoadProfile shape = timed
          ? new LoadProfile("jmx", LoadModel.CLOSED, List.of(new Stage(users,
              min(ramp, longest), longest.minus(min(ramp, longest)))), OptionalInt.empty(),
              Duration.ZERO, warmUp, 0)
          : new LoadProfile("jmx", LoadModel.CLOSED, List.of(new Stage(users, ramp,
              Duration.ZERO)), OptionalInt.of(iterations), Duration.ZERO, warmUp, 0);
      return shape.withUserThreads(UserThreads.PLATFORM);
    } catch (IllegalArgumentException e) {
      throw new JmxException(plan + ": perf.warm-up=" + Durations.format(warmUp) + " is not "
          + "shorter than the plan's own duration " + Durations.format(longest) + ". Fix: "
          + "-Dperf.warm-up=0s (or shorter), or -Dperf.jmx.load=profile.", e);
    }
  }

  private record Shape(int users, Duration ramp, Duration duration, int iterations) {
  }

  private static Shape shape(String plan, AbstractThreadGroup group, PlanValues values,
      int csvRows) {
    String type = group.getClass().getName();
    if (type.endsWith(".UltimateThreadGroup")) {
      return ultimate(plan, group, values);
    }
    if (type.endsWith(".ConcurrencyThreadGroup")) {
      return concurrency(plan, group, values);
    }
    if (group instanceof ThreadGroup tg) {
      Duration ramp = Duration.ofSeconds(number(plan, tg, "ThreadGroup.ramp_time", values));
      int users = (int) number(plan, tg, AbstractThreadGroup.NUM_THREADS, values);
      long duration = tg.getScheduler()
          ? number(plan, tg, "ThreadGroup.duration", values) : 0;
      if (duration > 0) {
        return new Shape(users, ramp,
            Duration.ofSeconds(number(plan, tg, "ThreadGroup.delay", values) + duration), 0);
      }
      int loops = tg.getSamplerController() instanceof LoopController loop
          ? (int) number(plan, loop, LoopController.LOOPS, values, -1) : -1;
      if (loops <= 0 && csvRows >= 0) {
        // Each thread stops at the CSV's end: no thread iterates more often than it has rows.
        return new Shape(users, ramp, Duration.ZERO, Math.max(1, csvRows));
      }
      if (loops <= 0) {
        throw new JmxException(plan + ": thread group '" + group.getName() + "' loops forever "
            + "and has no duration. Fix: set a loop count or a scheduler duration in the plan, "
            + "or run it with -Dperf.jmx.load=profile.");
      }
      return new Shape(users, ramp, Duration.ZERO, loops);
    }
    throw new JmxException(plan + ": thread group '" + group.getName() + "' (" + type + ") has "
        + "a shape the suite cannot plan for. Fix: use a Thread Group, Ultimate or Concurrency "
        + "Thread Group, or -Dperf.jmx.load=profile.");
  }

  /**
   * A whole-number property (seconds, users, loops), its variables and functions evaluated as
   * JMeter would at the start of the group; empty is 0.
   */
  private static long number(String plan, TestElement element, String property,
      PlanValues values) {
    return number(plan, element, property, values, 0);
  }

  private static long number(String plan, TestElement element, String property,
      PlanValues values, long empty) {
    return number(plan, element.getName(), property, element.getPropertyAsString(property),
        values, empty);
  }

  private static long number(String plan, String owner, String property, String raw,
      PlanValues values, long empty) {
    String text = raw == null ? "" : raw.trim();
    if (text.isEmpty()) {
      return empty;
    }
    String value = text;
    try {
      value = values.evaluate(text).trim();
      return value.isEmpty() ? empty : Long.parseLong(value);
    } catch (RuntimeException e) {
      throw new JmxException(plan + ": '" + owner + "' has " + property + "=" + text
          + (value.equals(text) ? "" : " (evaluated: '" + value + "')") + ", which is not a "
          + "whole number. Fix: write a number, a Test Plan variable that holds one, or a "
          + "${__P(name,default)} the suite can fill (-Dperf.jmx.props.name=...).", e);
    }
  }

  /** Rows: threads, initial delay, startup, hold, shutdown (seconds). */
  private static Shape ultimate(String plan, AbstractThreadGroup group, PlanValues values) {
    JMeterProperty data = group.getProperty("ultimatethreadgroupdata");
    int users = 0;
    Duration end = Duration.ZERO;
    Duration ramp = Duration.ZERO;
    if (data instanceof CollectionProperty rows) {
      PropertyIterator it = rows.iterator();
      while (it.hasNext()) {
        JMeterProperty row = it.next();
        if (row instanceof CollectionProperty cells && cells.size() >= 5) {
          String name = group.getName();
          users += (int) number(plan, name, "threads", cells.get(0).getStringValue(), values, 0);
          long delay = number(plan, name, "initial delay", cells.get(1).getStringValue(), values,
              0);
          long startup = number(plan, name, "startup time", cells.get(2).getStringValue(),
              values, 0);
          long hold = number(plan, name, "hold", cells.get(3).getStringValue(), values, 0);
          long shutdown = number(plan, name, "shutdown", cells.get(4).getStringValue(), values,
              0);
          ramp = max(ramp, Duration.ofSeconds(delay + startup));
          end = max(end, Duration.ofSeconds(delay + startup + hold + shutdown));
        }
      }
    }
    return new Shape(users, ramp, end, 0);
  }

  private static Shape concurrency(String plan, TestElement group, PlanValues values) {
    long unit = "M".equalsIgnoreCase(group.getPropertyAsString("Unit")) ? 60 : 1;
    int users = (int) number(plan, group, "TargetLevel", values);
    long ramp = number(plan, group, "RampUp", values) * unit;
    long hold = number(plan, group, "Hold", values) * unit;
    return new Shape(users, Duration.ofSeconds(ramp), Duration.ofSeconds(ramp + hold), 0);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
