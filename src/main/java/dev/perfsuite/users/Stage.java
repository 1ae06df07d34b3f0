package dev.perfsuite.users;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One step of a load shape: ramp to a level, then hold it; the one type of a stage, for load
 * profiles and the users group alike.
 *
 * <p>A {@link UserGroup} keeps its stages as a JMeter string property,
 * {@code users:rampMillis:holdMillis,...} ({@link #encode}): durations travel in whole
 * milliseconds and levels as user counts.
 *
 * @param level users (closed model) or requests per second (open model) reached at the end of
 *     the ramp
 * @param rampUp time to move from the previous stage's level to this one; zero jumps at once
 * @param hold time the level is held after the ramp
 */
public record Stage(double level, Duration rampUp, Duration hold) {

  public Stage {
    Objects.requireNonNull(rampUp, "rampUp");
    Objects.requireNonNull(hold, "hold");
    if (level < 0) {
      throw new IllegalArgumentException("stage level must not be negative: " + level);
    }
    if (rampUp.isNegative() || hold.isNegative()) {
      throw new IllegalArgumentException("stage durations must not be negative: " + this);
    }
  }

  /** Ramp plus hold. */
  public Duration duration() {
    return rampUp.plus(hold);
  }

  /** The level as a user count, rounded to the nearest: what a closed-model group runs. */
  public int users() {
    return (int) Math.round(level);
  }

  /** {@code users:rampMillis:holdMillis,...}, the form stored in a {@link UserGroup}. */
  static String encode(List<Stage> stages) {
    StringBuilder text = new StringBuilder();
    for (Stage s : stages) {
      text.append(text.length() == 0 ? "" : ",").append(s.users()).append(':')
          .append(s.rampUp.toMillis()).append(':').append(s.hold.toMillis());
    }
    return text.toString();
  }

  /** The stages of {@link #encode}'s form; throws naming the part that is not one. */
  static List<Stage> decode(String text) {
    List<Stage> stages = new ArrayList<>();
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] cells = part.trim().split(":");
      if (cells.length != 3) {
        throw new IllegalArgumentException("a user stage is users:rampMillis:holdMillis, not '"
            + part + "'");
      }
      stages.add(new Stage(Integer.parseInt(cells[0]), Duration.ofMillis(Long.parseLong(cells[1])),
          Duration.ofMillis(Long.parseLong(cells[2]))));
    }
    return stages;
  }
}
