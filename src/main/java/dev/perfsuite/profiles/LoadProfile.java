package dev.perfsuite.profiles;

import dev.perfsuite.users.Stage;
import dev.perfsuite.users.UserConnections;
import dev.perfsuite.users.UserThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A load shape as an immutable value: stages, think time, warm-up and, for the open model, a
 * thread cap.
 *
 * <p>Every {@code with*} method returns a new profile. Stage levels are users for
 * {@link LoadModel#CLOSED} and requests per second for {@link LoadModel#OPEN}. When
 * {@link #iterations()} is present the closed model ramps to the first stage's users and each
 * user runs that many iterations instead of holding for a time.
 *
 * @param name the profile name (smoke, load, ...) as reported in results
 * @param model closed (users) or open (arrival rate)
 * @param stages at least one stage, run in order
 * @param iterations iterations per user instead of timed holds, closed model only
 * @param thinkTime pause per request per user, zero for none
 * @param warmUp window from the start of load whose samples are excluded from verdicts
 * @param maxThreads open model thread cap; ignored by the closed model
 * @param arrivals how the open model spaces intended starts; ignored by the closed model
 * @param userThreads what each user runs on, virtual or platform threads ({@code auto}: virtual
 *     on Java 24+)
 * @param connections whether users keep their connection alive or open one per request
 */
public record LoadProfile(
    String name, LoadModel model, List<Stage> stages, OptionalInt iterations,
    Duration thinkTime, Duration warmUp, int maxThreads, Arrivals arrivals,
    UserThreads userThreads, UserConnections connections) {

  public LoadProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(model, "model");
    stages = List.copyOf(stages);
    Objects.requireNonNull(iterations, "iterations");
    Objects.requireNonNull(thinkTime, "thinkTime");
    Objects.requireNonNull(warmUp, "warmUp");
    Objects.requireNonNull(arrivals, "arrivals");
    Objects.requireNonNull(userThreads, "userThreads");
    Objects.requireNonNull(connections, "connections");
    if (stages.isEmpty()) {
      throw new IllegalArgumentException("a load profile needs at least one stage");
    }
    if (iterations.isPresent() && model == LoadModel.OPEN) {
      throw new IllegalArgumentException("iterations apply to the closed model only; "
          + "an open-model profile is bounded by its stage durations");
    }
    if (model == LoadModel.OPEN && maxThreads <= 0) {
      throw new IllegalArgumentException("an open-model profile needs positive max threads, "
          + "otherwise its thread count is unbounded: " + maxThreads);
    }
    if (thinkTime.isNegative() || warmUp.isNegative()) {
      throw new IllegalArgumentException("think time and warm-up must not be negative");
    }
    if (iterations.isEmpty() && !warmUp.isZero()
        && warmUp.compareTo(plannedDuration(stages)) >= 0) {
      throw new IllegalArgumentException(String.format(
          "warm-up %s must be shorter than the planned duration %s of profile '%s'",
          Durations.format(warmUp), Durations.format(plannedDuration(stages)), name));
    }
  }

  /** A profile with evenly spaced arrivals ({@link Arrivals#CONSTANT}). */
  public LoadProfile(String name, LoadModel model, List<Stage> stages, OptionalInt iterations,
      Duration thinkTime, Duration warmUp, int maxThreads) {
    this(name, model, stages, iterations, thinkTime, warmUp, maxThreads, Arrivals.CONSTANT,
        UserThreads.AUTO, UserConnections.PER_USER);
  }

  /** Sets how the open model spaces intended starts. */
  public LoadProfile withArrivals(Arrivals spacing) {
    return new LoadProfile(name, model, stages, iterations, thinkTime, warmUp, maxThreads,
        spacing, userThreads, connections);
  }

  /**
   * Open model: the requests the schedule offers over the whole profile (the integral of the
   * stage rates); 0 for the closed model.
   */
  public long plannedArrivals() {
    return model == LoadModel.OPEN
        ? (long) Math.floor(ArrivalSchedule.of(stages, Arrivals.CONSTANT, 0).expectedArrivals())
        : 0;
  }

  /** Sets what each user runs on. */
  public LoadProfile withUserThreads(UserThreads kind) {
    return new LoadProfile(name, model, stages, iterations, thinkTime, warmUp, maxThreads,
        arrivals, kind, connections);
  }

  /** Sets whether users keep their connection alive or open one per request. */
  public LoadProfile withConnections(UserConnections kind) {
    return new LoadProfile(name, model, stages, iterations, thinkTime, warmUp, maxThreads,
        arrivals, userThreads, kind);
  }

  /** Name of the smoke profile, the default: seconds, a few users, local backends. */
  public static final String SMOKE = "smoke";

  /**
   * True for the smoke profile, whatever its users, holds or warm-up were set to. Scenarios judge
   * it by their loose local bounds, not by the seed's figures. A shape derived from smoke under
   * another name (e.g. a stepped shape scaled to seconds) is not smoke.
   */
  public boolean isSmoke() {
    return SMOKE.equals(name);
  }

  /** The highest level of any stage: peak users (closed) or peak rate (open). */
  public double peakLevel() {
    return stages.stream().mapToDouble(Stage::level).max().orElse(0);
  }

  /**
   * Peak concurrency this profile can reach: peak users for the closed model, the thread cap for
   * the open model.
   */
  public int peakUsers() {
    return model == LoadModel.CLOSED ? (int) Math.round(peakLevel()) : maxThreads;
  }

  /**
   * Sum of all ramps and holds. For an iteration-bound profile this is not its length (the
   * iterations decide), so the engine runs no overrun watchdog for it.
   */
  public Duration plannedDuration() {
    return plannedDuration(stages);
  }

  private static Duration plannedDuration(List<Stage> stages) {
    return stages.stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus);
  }

  /**
   * Sets the peak users; a multi-stage shape is scaled so that its peak matches and the shape is
   * kept (each stage at least 1 user).
   */
  public LoadProfile withUsers(int users) {
    if (users <= 0) {
      throw new IllegalArgumentException("users must be positive: " + users);
    }
    if (model == LoadModel.OPEN) {
      return new LoadProfile(name, model, stages, iterations, thinkTime, warmUp, users, arrivals,
        userThreads, connections);
    }
    return withStages(scaled(users));
  }

  /** Switches to the open model at the given peak rate (req/s), scaling the stages' shape. */
  public LoadProfile withTargetRate(double requestsPerSecond) {
    if (requestsPerSecond <= 0) {
      throw new IllegalArgumentException("target rate must be positive: " + requestsPerSecond);
    }
    int cap = model == LoadModel.OPEN
        ? maxThreads
        : Math.max(peakUsers(), (int) Math.ceil(requestsPerSecond));
    List<Stage> shaped = new ArrayList<>();
    double peak = peakLevel();
    for (Stage s : stages) {
      shaped.add(new Stage(peak == 0 ? requestsPerSecond : s.level() / peak * requestsPerSecond,
          s.rampUp(), s.hold()));
    }
    return new LoadProfile(name, LoadModel.OPEN, shaped, OptionalInt.empty(), thinkTime, warmUp,
        cap, arrivals,
        userThreads, connections);
  }

  /** Sets the open model's thread cap. */
  public LoadProfile withMaxThreads(int threads) {
    if (threads <= 0) {
      throw new IllegalArgumentException("max threads must be positive: " + threads);
    }
    return new LoadProfile(name, model, stages, iterations, thinkTime, warmUp, threads, arrivals,
        userThreads, connections);
  }

  /** Sets every stage's ramp-up. */
  public LoadProfile withRampUp(Duration rampUp) {
    return withStages(stages.stream().map(s -> new Stage(s.level(), rampUp, s.hold())).toList());
  }

  /** Sets every stage's hold. */
  public LoadProfile withHold(Duration hold) {
    return withStages(stages.stream().map(s -> new Stage(s.level(), s.rampUp(), hold)).toList());
  }

  /** Bounds each user by an iteration count instead of timed holds (closed model). */
  public LoadProfile withIterations(int count) {
    if (count <= 0) {
      throw new IllegalArgumentException("iterations must be positive: " + count);
    }
    return new LoadProfile(name, model, stages, OptionalInt.of(count), thinkTime, warmUp,
        maxThreads, arrivals,
        userThreads, connections);
  }

  /** Sets the pause per request per user. */
  public LoadProfile withThinkTime(Duration pause) {
    return new LoadProfile(name, model, stages, iterations, pause, warmUp, maxThreads, arrivals,
        userThreads, connections);
  }

  /** Sets the warm-up window excluded from statistics. */
  public LoadProfile withWarmUp(Duration window) {
    return new LoadProfile(name, model, stages, iterations, thinkTime, window, maxThreads, arrivals,
        userThreads, connections);
  }

  private LoadProfile withStages(List<Stage> newStages) {
    return new LoadProfile(name, model, newStages, iterations, thinkTime, warmUp, maxThreads,
        arrivals, userThreads, connections);
  }

  private List<Stage> scaled(int users) {
    double peak = peakLevel();
    return stages.stream()
        .map(s -> new Stage(peak == 0 ? users : Math.max(1, Math.round(s.level() / peak * users)),
            s.rampUp(), s.hold()))
        .toList();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(name).append(" (").append(model.name().toLowerCase())
        .append(": ");
    for (int i = 0; i < stages.size(); i++) {
      Stage s = stages.get(i);
      text.append(i == 0 ? "" : ", then ")
          .append(model == LoadModel.CLOSED ? Math.round(s.level()) + " users"
              : s.level() + " req/s")
          .append(" ramp ").append(Durations.format(s.rampUp()));
      if (iterations.isEmpty()) {
        text.append(" hold ").append(Durations.format(s.hold()));
      }
    }
    iterations.ifPresent(n -> text.append(", ").append(n).append(" iterations per user"));
    text.append("; warm-up ").append(Durations.format(warmUp))
        .append(", think time ").append(Durations.format(thinkTime));
    if (connections == UserConnections.PER_REQUEST) {
      text.append(", a connection per request");
    } else if (connections == UserConnections.SHARED) {
      text.append(", connections shared across users");
    }
    if (model == LoadModel.OPEN) {
      text.append(", max threads ").append(maxThreads);
      if (arrivals == Arrivals.POISSON) {
        text.append(", Poisson arrivals");
      }
    }
    return text.append(')').toString();
  }
}
