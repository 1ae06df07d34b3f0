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
 * The load a JMX's own thread groups make, as a {@link LoadProfile} the engine can watch. It holds
 * peak users (the sum over groups), planned duration (the longest group) or iterations, and the
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
    return of(plan, groups, warmUp, PlanValues.none(), g -> -1, JmeterLeniency.silent(plan));
  }

  /**
   * The profile describing {@code groups}; {@code values} evaluates variables and functions in
   * their fields as JMeter would.
   *
   * @param warmUp excluded from the verdict at the start (zero: every sample counts)
   * @param csvRows rows of a CSV Data Set that stops a group's threads at its end (recycle off,
   *     stop thread on), -1 when the group has none: such a group may loop forever
   * @param leniency says (or refuses, when strict) where a field is not a number and JMeter
   *     reads it as 0
   */
  static LoadProfile of(String plan, List<AbstractThreadGroup> groups, Duration warmUp,
      PlanValues values, ToIntFunction<AbstractThreadGroup> csvRows, JmeterLeniency leniency) {
    if (groups.isEmpty()) {
      throw new JmxException(plan + " has no enabled thread group: nothing would run");
    }
    Fields fields = new Fields(plan, values, leniency);
    int users = 0;
    Duration longest = Duration.ZERO;
    Duration ramp = Duration.ZERO;
    int iterations = 0;
    boolean timed = false;
    for (AbstractThreadGroup group : groups) {
      Shape shape = shape(plan, group, fields, csvRows.applyAsInt(group));
      if (shape.users == 0 || shape.iterations < 0) {
        continue;
      }
      users += shape.users;
      ramp = max(ramp, shape.ramp);
      if (shape.iterations > 0) {
        iterations = Math.max(iterations, shape.iterations);
      } else {
        timed = true;
        longest = max(longest, shape.duration);
      }
    }
    if (users == 0) {
      throw new JmxException(plan + ": no thread group would start a thread or an iteration "
          + "(see the warnings above). Fix: give the groups' thread and loop counts numbers or "
          + "defined variables.");
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

  private static Shape shape(String plan, AbstractThreadGroup group, Fields values,
      int csvRows) {
    String type = group.getClass().getName();
    if (type.endsWith(".UltimateThreadGroup")) {
      return ultimate(group, values);
    }
    if (type.endsWith(".ConcurrencyThreadGroup")) {
      return concurrency(group, values);
    }
    if (group instanceof ThreadGroup tg) {
      Duration ramp = Duration.ofSeconds(values.number(tg, "ThreadGroup.ramp_time", 0));
      int users = (int) values.number(tg, AbstractThreadGroup.NUM_THREADS, 0);
      long duration = tg.getScheduler() ? values.number(tg, "ThreadGroup.duration", 0) : 0;
      if (duration > 0) {
        return new Shape(users, ramp,
            Duration.ofSeconds(values.number(tg, "ThreadGroup.delay", 0) + duration), 0);
      }
      long read = tg.getSamplerController() instanceof LoopController loop
          ? values.number(loop, LoopController.LOOPS, -1) : -1;
      if (read == UNREADABLE) {
        // JMeter 5.6.3's LoopController reads unparsable text as 0 loops: its threads end at once.
        return new Shape(users, ramp, Duration.ZERO, -1);
      }
      int loops = (int) read;
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

  /** Marks a loop count JMeter cannot parse (it runs no iteration). */
  private static final long UNREADABLE = Long.MIN_VALUE;

  /**
   * Whole-number fields (seconds, users, loops) read as JMeter reads them when a group starts.
   * Variables and functions are evaluated, empty is the field's default, and text that is still not
   * a number is JMeter's 0 (its getters catch NumberFormatException), warned with the variable a
   * typo suggests.
   */
  private record Fields(String plan, PlanValues values, JmeterLeniency leniency) {
    long number(TestElement element, String property, long empty) {
      return number(element.getName(), property, element.getPropertyAsString(property), empty);
    }

    long number(String owner, String property, String raw, long empty) {
      String text = raw == null ? "" : raw.trim();
      if (text.isEmpty()) {
        return empty;
      }
      String value = values.evaluate(text).trim();
      if (value.isEmpty()) {
        return empty;
      }
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        boolean loops = property.equals(LoopController.LOOPS);
        String hint = JmeterLeniency.nearMiss(text, values.variables().keySet())
            .map(h -> ": " + h).orElse("");
        leniency.accept("'" + owner + "' has " + property + "=" + text
            + (value.equals(text) ? "" : " (evaluated: '" + value + "')") + ", not a whole "
            + "number" + hint + "; JMeter reads it as 0" + (loops ? " loops (the group's "
            + "threads run no iteration)" : ""), "define the variable, correct its name, or "
            + "write a number");
        return loops ? UNREADABLE : 0;
      }
    }
  }

  /** Rows: threads, initial delay, startup, hold, shutdown (seconds). */
  private static Shape ultimate(AbstractThreadGroup group, Fields values) {
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
          users += (int) values.number(name, "threads", cells.get(0).getStringValue(), 0);
          long delay = values.number(name, "initial delay", cells.get(1).getStringValue(), 0);
          long startup = values.number(name, "startup time", cells.get(2).getStringValue(), 0);
          long hold = values.number(name, "hold", cells.get(3).getStringValue(), 0);
          long shutdown = values.number(name, "shutdown", cells.get(4).getStringValue(), 0);
          ramp = max(ramp, Duration.ofSeconds(delay + startup));
          end = max(end, Duration.ofSeconds(delay + startup + hold + shutdown));
        }
      }
    }
    return new Shape(users, ramp, end, 0);
  }

  private static Shape concurrency(TestElement group, Fields values) {
    long unit = "M".equalsIgnoreCase(group.getPropertyAsString("Unit")) ? 60 : 1;
    int users = (int) values.number(group, "TargetLevel", 0);
    long ramp = values.number(group, "RampUp", 0) * unit;
    long hold = values.number(group, "Hold", 0) * unit;
    return new Shape(users, Duration.ofSeconds(ramp), Duration.ofSeconds(ramp + hold), 0);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
