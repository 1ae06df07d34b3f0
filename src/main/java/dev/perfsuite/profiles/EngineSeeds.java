package dev.perfsuite.profiles;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The seed of each engine's Poisson arrivals, derived from the run's seed and the engine's place.
 *
 * <p>Engine {@code i} (0-based, in {@code perf.remotes} order, or the order {@code dns:} discovery
 * returned) draws its gaps from the {@code (i + 1)}-th {@code nextLong()} of
 * {@code new SplittableRandom(runSeed)}: SplitMix64 of
 * {@code runSeed + (i + 1) * 0x9e3779b97f4a7c15}, so the seeds are reproducible and their
 * streams statistically independent. A run in one JVM (no engine) uses the run's seed itself, as
 * before engines had seeds of their own.
 *
 * <p>Trap: with one seed on every engine, N engines offered their arrivals at the same instants,
 * bursts of N requests where one Poisson process at N times the rate has none
 * ({@code EngineSeedsTest}).
 */
final class EngineSeeds {
  /** The run's seed: one for every run, so a rerun offers the same arrivals. */
  static final long RUN_SEED = 0x5eed_2026L;

  private EngineSeeds() {
  }

  /** The seed of engine {@code index} (0-based) of a run seeded {@code runSeed}. */
  static long forEngine(long runSeed, int index) {
    if (index < 0) {
      throw new IllegalArgumentException("an engine index is 0 or more, not " + index);
    }
    SplittableRandom seeds = new SplittableRandom(runSeed);
    long seed = 0;
    for (int i = 0; i <= index; i++) {
      seed = seeds.nextLong();
    }
    return seed;
  }

  /**
   * The seed of the engine JMeter calls {@code host}, placed in {@code engines}. {@code host} is
   * the {@code host:port} the controller gave it; the run's seed when {@code host} is null (a run
   * in one JVM). An engine missing from the list (a plan started by plain JMeter) gets a seed from
   * its name's hash, still distinct from its peers'.
   */
  static long forHost(long runSeed, String host, List<String> engines) {
    if (host == null) {
      return runSeed;
    }
    int index = engines.indexOf(host);
    return forEngine(runSeed, index >= 0 ? index : engines.size() + (host.hashCode() & 0xffff));
  }
}
