package dev.perfsuite.users;

import java.time.Duration;

/**
 * How fast one {@link UserGroup} started its users in one run.
 *
 * @param users users started
 * @param took from the group's start to the last user's start
 * @param virtual whether they run on virtual threads
 */
public record StartReport(int users, Duration took, boolean virtual) {

  /** Users per second; the user count when they all started within a millisecond. */
  public double perSecond() {
    return took.toNanos() <= 1_000_000 ? users : users / (took.toNanos() / 1e9);
  }
}
