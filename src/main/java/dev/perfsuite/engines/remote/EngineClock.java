package dev.perfsuite.engines.remote;

import dev.perfsuite.engines.RunControl;
import dev.perfsuite.engines.WallClock;
import java.rmi.RemoteException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * An engine's wall clock against the controller's: its offset, and the bound on that offset's
 * error.
 *
 * <p>{@code offset} is positive when the engine's clock is ahead; {@code bound} is half the round
 * trip it was measured over.
 *
 * <p>Measured at the handshake, it turns the controller's start instant into each engine's clock
 * and each engine's reported start back into the controller's.
 */
record EngineClock(Duration offset, Duration bound) {
  /** A clock that reads as the controller's: the engines a handshake did not measure. */
  static final EngineClock SAME = new EngineClock(Duration.ZERO, Duration.ZERO);
  /** Round trips per measure; the shortest wins, so a stalled call does not skew the offset. */
  static final int TRIES = 5;

  /**
   * One reading: the engine said {@code engine} for a call the controller sent at {@code sent}
   * (its wall clock) that came back {@code roundTrip} later.
   *
   * <p>The engine read its clock at some point of the round trip; taking its midpoint leaves an
   * error of at most half the round trip either way.
   */
  static EngineClock reading(Instant sent, Duration roundTrip, Instant engine) {
    Duration half = roundTrip.dividedBy(2);
    return new EngineClock(Duration.between(sent.plus(half), engine), half);
  }

  /** The reading with the tightest bound. */
  static EngineClock best(List<EngineClock> readings) {
    return readings.stream().min(Comparator.comparing(EngineClock::bound))
        .orElseThrow(() -> new IllegalArgumentException("no clock readings"));
  }

  /** Reads {@code engine}'s clock {@link #TRIES} times and keeps the best reading. */
  static EngineClock measure(RunControl engine) throws RemoteException {
    List<EngineClock> readings = new ArrayList<>(TRIES);
    for (int i = 0; i < TRIES; i++) {
      Instant sent = Instant.now();
      long start = System.nanoTime();
      long theirs = engine.clock();
      Duration roundTrip = Duration.ofNanos(System.nanoTime() - start);
      readings.add(reading(sent, roundTrip, WallClock.instant(theirs)));
    }
    return best(readings);
  }

  /** The engine's reading of the controller's {@code instant}. */
  Instant toEngine(Instant controller) {
    return controller.plus(offset);
  }

  /** The controller's reading of the engine's {@code instant}. */
  Instant toController(Instant engine) {
    return engine.minus(offset);
  }

  /** The offset and its bound in milliseconds, as the start line shows them. */
  String describe() {
    return String.format(Locale.ROOT, "%+.1f ms ±%.1f ms", millis(offset),
        millis(bound));
  }

  static double millis(Duration duration) {
    return duration.toNanos() / 1e6;
  }
}
