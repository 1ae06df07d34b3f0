package dev.perfsuite.engines.remote;

import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.users.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reconciles what each remote engine sampled with what the plan asked of it. An engine that ran
 * nothing or less (a missing plugin, a class it cannot load, a dropped connection) then fails the
 * verdict instead of passing silently with fewer samples.
 *
 * <p>What is checked per engine, on the per-engine profile:
 * <ul>
 *   <li>closed model with iterations: all {@code users} threads ran, and at least
 *       {@code users x iterations} samples arrived (a journey has at least one sampler);</li>
 *   <li>closed model with timed holds: the engine reached its peak users (distinct threads);</li>
 *   <li>open model: at least {@link #OPEN_MODEL_FLOOR} of the planned requests, the integral of
 *       the rate over the profile (ramps count half).</li>
 * </ul>
 * The iteration check is a floor, not an equality, because journeys may branch.
 */
final class PlannedSamples {
  /** Share of the planned open-model requests an engine must deliver. */
  static final double OPEN_MODEL_FLOOR = 0.9;

  private PlannedSamples() {
  }

  /** The shortfalls of every engine, joined, or empty when each did what it was asked. */
  static Optional<String> shortfall(LoadProfile perEngine, Map<String, Long> samples,
      Map<String, Integer> threads) {
    List<String> problems = new ArrayList<>();
    samples.forEach((engine, count) -> problem(perEngine, engine, count,
        threads.getOrDefault(engine, 0)).ifPresent(problems::add));
    return problems.isEmpty() ? Optional.empty() : Optional.of("sample count short of the plan: "
        + String.join("; ", problems));
  }

  private static Optional<String> problem(LoadProfile profile, String engine, long samples,
      int threads) {
    if (samples == 0) {
      return Optional.of(engine + " sent no samples at all (does it have the plan's classes and "
          + "plugins on its class path? \"Test failed!\" in the engine's log: its threads died "
          + "before their first sample)");
    }
    if (profile.model() == LoadModel.OPEN) {
      double planned = plannedRequests(profile);
      return samples < OPEN_MODEL_FLOOR * planned ? Optional.of(String.format(Locale.ROOT,
          "%s sent %d samples, below %.0f %% of the %.0f planned (rate x duration)", engine,
          samples, OPEN_MODEL_FLOOR * 100, planned)) : Optional.empty();
    }
    int users = profile.peakUsers();
    if (threads < users) {
      return Optional.of(String.format(Locale.ROOT, "%s ran %d of its %d threads", engine,
          threads, users));
    }
    if (profile.iterations().isPresent()) {
      long floor = (long) users * profile.iterations().getAsInt();
      if (samples < floor) {
        return Optional.of(String.format(Locale.ROOT,
            "%s sent %d samples, fewer than %d threads x %d iterations = %d", engine, samples,
            users, profile.iterations().getAsInt(), floor));
      }
    }
    return Optional.empty();
  }

  /** Requests an open-model profile offers: each ramp at its mean rate, each hold at its rate. */
  static double plannedRequests(LoadProfile profile) {
    double previous = 0;
    double total = 0;
    for (Stage stage : profile.stages()) {
      total += (previous + stage.level()) / 2 * stage.rampUp().toMillis() / 1000.0;
      total += stage.level() * stage.hold().toMillis() / 1000.0;
      previous = stage.level();
    }
    return total;
  }
}
