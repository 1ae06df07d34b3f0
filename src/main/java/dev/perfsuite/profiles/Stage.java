package dev.perfsuite.profiles;

import java.time.Duration;
import java.util.Objects;

/**
 * One step of a load shape: ramp to a level, then hold it.
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
}
