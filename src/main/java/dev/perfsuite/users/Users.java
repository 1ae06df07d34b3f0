package dev.perfsuite.users;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.gui.ThreadGroupGui;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

/**
 * The jmeter-java-dsl element of a {@link UserGroup}: users in steps, or a fixed number of loops.
 *
 * <p>A step ramps to a level and holds it; looping users run a fixed number of iterations each.
 * Both run on virtual or platform threads.
 *
 * <pre>{@code
 * Users.inSteps("checkout").rampToAndHold(100, Duration.ofSeconds(10), Duration.ofMinutes(5))
 *     .children(httpSampler(...))
 * Users.looping("arrivals", 500, Duration.ofMinutes(5))   // all at once, for 5 minutes
 * }</pre>
 *
 * <p>Thread kind: {@link #threads(UserThreads)}, else {@link UserThreads#AUTO}; profiles carry
 * {@code perf.users.threads} (validated with the rest of the configuration, before load).
 */
public final class Users extends BaseThreadGroup<Users> {
  private final List<Stage> steps = new ArrayList<>();
  private OptionalInt iterations = OptionalInt.empty();
  private Optional<UserThreads> threads = Optional.empty();
  private Consumer<StartReport> starts = report -> { };

  private Users(String name) {
    super(name, ThreadGroupGui.class, new ArrayList<>());
  }

  /** A group without steps yet; add them with {@link #rampToAndHold} or {@link #rampTo}. */
  public static Users inSteps(String name) {
    return new Users(name);
  }

  /**
   * {@code users} started at once, each looping over its children for {@code duration}: the
   * shape of the open model's user pool.
   */
  public static Users looping(String name, int users, Duration duration) {
    return inSteps(name).rampToAndHold(users, Duration.ZERO, duration);
  }

  /**
   * {@code users} started evenly over {@code ramp}, each running its children
   * {@code iterations} times, with no time bound.
   */
  public static Users iterating(String name, int users, Duration ramp, int iterations) {
    return inSteps(name).rampTo(users, ramp).holdIterating(iterations);
  }

  /** Moves to {@code users} (up or down) over {@code ramp}, then holds them for {@code hold}. */
  public Users rampToAndHold(int users, Duration ramp, Duration hold) {
    if (iterations.isPresent()) {
      throw new IllegalStateException("no step can follow holdIterating");
    }
    steps.add(new Stage(users, ramp, hold));
    return this;
  }

  /** Moves to {@code users} over {@code ramp} without a hold. */
  public Users rampTo(int users, Duration ramp) {
    return rampToAndHold(users, ramp, Duration.ZERO);
  }

  /**
   * Each user runs its children this many times instead of a timed schedule; only after a single
   * ramp.
   */
  public Users holdIterating(int count) {
    if (count <= 0) {
      throw new IllegalArgumentException("iterations must be positive: " + count);
    }
    if (steps.size() != 1 || !steps.get(0).hold().isZero()) {
      throw new IllegalStateException("holdIterating follows exactly one rampTo");
    }
    iterations = OptionalInt.of(count);
    return this;
  }

  /** Runs users on these threads instead of what {@code perf.users.threads} says. */
  public Users threads(UserThreads kind) {
    threads = Optional.of(kind);
    return this;
  }

  /**
   * Hands {@code starts} how fast the group started its users, once per start in this JVM.
   *
   * <p>A group run by a remote engine reports nothing here.
   */
  public Users reportingStartsTo(Consumer<StartReport> starts) {
    this.starts = starts;
    return this;
  }

  @Override
  protected AbstractThreadGroup buildThreadGroup() {
    if (steps.isEmpty()) {
      throw new IllegalStateException("users group '" + name + "' has no step");
    }
    UserGroup group = new UserGroup();
    group.configure(steps, iterations, threads.orElse(UserThreads.AUTO));
    group.reportStartsTo(starts);
    return group;
  }
}
