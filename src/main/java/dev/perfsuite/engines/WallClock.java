package dev.perfsuite.engines;

import java.time.Instant;

/**
 * Wall-clock instants as controller and engines exchange them: nanoseconds since the epoch, in
 * the sender's own clock.
 *
 * <p>A {@code long} rather than an {@link Instant}, so the RMI calls carrying it
 * ({@link RunControl#clock()}, {@link RunControl#run}) pass any engine's class filter.
 */
public final class WallClock {
  private WallClock() {
  }

  /** {@code instant} in nanoseconds since the epoch. */
  public static long epochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }

  /** The instant {@code epochNanos} nanoseconds after the epoch. */
  public static Instant instant(long epochNanos) {
    return Instant.ofEpochSecond(0, epochNanos);
  }

  /** This JVM's wall clock now, in nanoseconds since the epoch. */
  public static long now() {
    return epochNanos(Instant.now());
  }
}
