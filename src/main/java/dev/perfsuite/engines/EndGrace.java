package dev.perfsuite.engines;

import dev.perfsuite.profiles.LoadProfile;
import java.time.Duration;

/**
 * How long a run may overrun its planned duration before the watchdog stops it. It is a base for
 * JMeter's own start and end, plus the profile's think time (a user may be in one when the plan
 * ends) and a share per peak user (each ends by closing its HTTP client and connections and running
 * its end-of-thread listeners, one after another on a loaded generator).
 *
 * <p>The per-user share is a model, not a measurement: 2 ms per user gives 30 s + 20 s at
 * 10,000 users and 30 s + 100 s at 50,000, where a fixed 30 s would stop runs whose users are
 * still ending.
 */
final class EndGrace {
  static final Duration BASE = Duration.ofSeconds(30);
  static final Duration PER_USER = Duration.ofMillis(2);

  private EndGrace() {
  }

  static Duration of(LoadProfile profile) {
    return BASE.plus(profile.thinkTime()).plus(PER_USER.multipliedBy(profile.peakUsers()));
  }
}
