package dev.perfsuite.users;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One step of a load shape: ramp to a level, then hold it.
 *
 * <p>The one type of a stage, for load profiles and the users group alike. JMeter elements keep
 * stages as one string property ({@link #encode}); a {@link UserGroup} runs each level rounded to
 * whole users ({@link #users()}).
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

  /**
   * The property form of {@code stages}, {@code level:rampMillis:holdMillis,...}: what a
   * {@link UserGroup} and the open model's arrival timer store in their JMeter elements. Exact:
   * a level is written as a whole number when it is one, and a duration with a fraction of a
   * millisecond when it has one ({@code 2.6:0.5:1500}).
   */
  public static String encode(List<Stage> stages) {
    StringBuilder text = new StringBuilder();
    for (Stage s : stages) {
      text.append(text.length() == 0 ? "" : ",").append(formatLevel(s.level)).append(':')
          .append(formatMillis(s.rampUp)).append(':').append(formatMillis(s.hold));
    }
    return text.toString();
  }

  /** The stages of {@link #encode}'s form; throws naming the part that is not one. */
  public static List<Stage> decode(String text) {
    List<Stage> stages = new ArrayList<>();
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] cells = part.trim().split(":");
      try {
        if (cells.length != 3) {
          throw new NumberFormatException("3 fields expected");
        }
        stages.add(new Stage(Double.parseDouble(cells[0]), parseMillis(cells[1]),
            parseMillis(cells[2])));
      } catch (NumberFormatException | ArithmeticException e) {
        throw new IllegalArgumentException("a stage is level:rampMillis:holdMillis, not '" + part
            + "' (" + e.getMessage() + ")", e);
      }
    }
    return stages;
  }

  private static String formatLevel(double level) {
    return level == Math.rint(level) && level < 1e15 ? Long.toString((long) level)
        : Double.toString(level);
  }

  private static String formatMillis(Duration duration) {
    return BigDecimal.valueOf(duration.toNanos(), 6).stripTrailingZeros().toPlainString();
  }

  private static Duration parseMillis(String millis) {
    return Duration.ofNanos(new BigDecimal(millis).movePointRight(6).longValueExact());
  }
}
