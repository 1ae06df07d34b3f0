package dev.perfsuite.jmx;

import dev.perfsuite.profiles.Durations;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Stage;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.util.CompoundVariable;
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

  /** The profile describing {@code groups}; {@code warmUp} from the suite's profile. */
  static LoadProfile of(String plan, List<AbstractThreadGroup> groups, Duration warmUp) {
    if (groups.isEmpty()) {
      throw new JmxException(plan + " has no enabled thread group: nothing would run");
    }
    int users = 0;
    Duration longest = Duration.ZERO;
    Duration ramp = Duration.ZERO;
    int iterations = 0;
    boolean timed = false;
    for (AbstractThreadGroup group : groups) {
      Shape shape = shape(plan, group);
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
      if (!timed) {
        return new LoadProfile("jmx", LoadModel.CLOSED, List.of(new Stage(users, ramp,
            Duration.ZERO)), OptionalInt.of(iterations), Duration.ZERO, warmUp, 0);
      }
      return new LoadProfile("jmx", LoadModel.CLOSED, List.of(new Stage(users, min(ramp, longest),
          longest.minus(min(ramp, longest)))), OptionalInt.empty(), Duration.ZERO, warmUp, 0);
    } catch (IllegalArgumentException e) {
      throw new JmxException(plan + ": perf.warm-up=" + Durations.format(warmUp) + " is not "
          + "shorter than the plan's own duration " + Durations.format(longest) + ". Fix: "
          + "-Dperf.warm-up=0s (or shorter), or -Dperf.jmx.load=profile.", e);
    }
  }

  private record Shape(int users, Duration ramp, Duration duration, int iterations) {
  }

  private static Shape shape(String plan, AbstractThreadGroup group) {
    String type = group.getClass().getName();
    if (type.endsWith(".UltimateThreadGroup")) {
      return ultimate(group);
    }
    if (type.endsWith(".ConcurrencyThreadGroup")) {
      return concurrency(group);
    }
    if (group instanceof ThreadGroup tg) {
      Duration ramp = Duration.ofSeconds(tg.getRampUp());
      long duration = tg.getScheduler() ? seconds(plan, tg, "ThreadGroup.duration") : 0;
      if (duration > 0) {
        return new Shape(tg.getNumThreads(), ramp,
            Duration.ofSeconds(seconds(plan, tg, "ThreadGroup.delay") + duration), 0);
      }
      int loops = tg.getSamplerController() instanceof LoopController loop ? loop.getLoops() : -1;
      if (loops <= 0) {
        throw new JmxException(plan + ": thread group '" + group.getName() + "' loops forever "
            + "and has no duration. Fix: set a loop count or a scheduler duration in the plan, "
            + "or run it with -Dperf.jmx.load=profile.");
      }
      return new Shape(tg.getNumThreads(), ramp, Duration.ZERO, loops);
    }
    throw new JmxException(plan + ": thread group '" + group.getName() + "' (" + type + ") has "
        + "a shape the suite cannot plan for. Fix: use a Thread Group, Ultimate or Concurrency "
        + "Thread Group, or -Dperf.jmx.load=profile.");
  }

  /**
   * A whole-seconds property; a JMeter expression (the DSL writes ramp + hold as a
   * {@code __groovy} sum) is evaluated as JMeter would at the start of the group.
   */
  private static long seconds(String plan, TestElement group, String property) {
    String text = group.getPropertyAsString(property).trim();
    if (text.isEmpty()) {
      return 0;
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException notANumber) {
      try {
        return Long.parseLong(new CompoundVariable(text).execute().trim());
      } catch (RuntimeException e) {
        throw new JmxException(plan + ": thread group '" + group.getName() + "' has "
            + property + "=" + text + ", which is not a number of seconds. Fix: write a number "
            + "or a ${__P(name,default)} the suite can fill.", e);
      }
    }
  }

  /** Rows: threads, initial delay, startup, hold, shutdown (seconds). */
  private static Shape ultimate(AbstractThreadGroup group) {
    JMeterProperty data = group.getProperty("ultimatethreadgroupdata");
    int users = 0;
    Duration end = Duration.ZERO;
    Duration ramp = Duration.ZERO;
    if (data instanceof CollectionProperty rows) {
      PropertyIterator it = rows.iterator();
      while (it.hasNext()) {
        JMeterProperty row = it.next();
        if (row instanceof CollectionProperty cells && cells.size() >= 5) {
          users += Integer.parseInt(cells.get(0).getStringValue().trim());
          long delay = Long.parseLong(cells.get(1).getStringValue().trim());
          long startup = Long.parseLong(cells.get(2).getStringValue().trim());
          long hold = Long.parseLong(cells.get(3).getStringValue().trim());
          long shutdown = Long.parseLong(cells.get(4).getStringValue().trim());
          ramp = max(ramp, Duration.ofSeconds(delay + startup));
          end = max(end, Duration.ofSeconds(delay + startup + hold + shutdown));
        }
      }
    }
    return new Shape(users, ramp, end, 0);
  }

  private static Shape concurrency(TestElement group) {
    long unit = "M".equalsIgnoreCase(group.getPropertyAsString("Unit")) ? 60 : 1;
    int users = Integer.parseInt(group.getPropertyAsString("TargetLevel").trim());
    long ramp = parseLong(group.getPropertyAsString("RampUp")) * unit;
    long hold = parseLong(group.getPropertyAsString("Hold")) * unit;
    return new Shape(users, Duration.ofSeconds(ramp), Duration.ofSeconds(ramp + hold), 0);
  }

  private static long parseLong(String text) {
    return text.isBlank() ? 0 : Long.parseLong(text.trim());
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
