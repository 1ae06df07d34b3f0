package dev.perfsuite.engines;

import dev.perfsuite.config.RemoteSplit;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a run's users are shared among remote engines ({@code perf.remotes.split}).
 *
 * <p>{@link RemoteSplit#EVEN} divides every stage's users (or, for the open model, its rate and
 * thread cap) by the number of engines, as WSO2's harness does with its "total users / number of
 * JMeter servers"; a stage that does not divide evenly is rejected, because rounding would
 * silently change the load. {@link RemoteSplit#PER_ENGINE} gives every engine the whole profile,
 * as plain JMeter distributed mode does, so the total is the profile times the engines.
 */
final class UserSplit {

  private UserSplit() {
  }

  /**
   * The profile each of {@code engines} runs so that together they run {@code whole}.
   *
   * @throws IllegalArgumentException naming the stage, the users, the engines and the fix when an
   *     even split is impossible
   */
  static LoadProfile perEngine(LoadProfile whole, int engines, RemoteSplit split) {
    if (split == RemoteSplit.PER_ENGINE || engines == 1) {
      return whole;
    }
    List<Stage> stages = new ArrayList<>();
    for (int i = 0; i < whole.stages().size(); i++) {
      Stage stage = whole.stages().get(i);
      stages.add(new Stage(share(whole, i, stage.level(), engines), stage.rampUp(), stage.hold()));
    }
    int maxThreads = whole.model() == LoadModel.OPEN
        ? (int) Math.ceil(whole.maxThreads() / (double) engines) : whole.maxThreads();
    return new LoadProfile(whole.name(), whole.model(), stages, whole.iterations(),
        whole.thinkTime(), whole.warmUp(), maxThreads);
  }

  private static double share(LoadProfile whole, int index, double level, int engines) {
    if (whole.model() == LoadModel.OPEN) {
      return level / engines;
    }
    long users = Math.round(level);
    if (users % engines != 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "perf.remotes.split=even cannot divide %d users (stage %d of profile '%s') evenly across "
              + "%d engines (perf.remotes). Fix: use a multiple of %d users (perf.threads), or "
              + "-Dperf.remotes.split=per-engine to run the full profile on every engine.",
          users, index + 1, whole.name(), engines, engines));
    }
    return users / engines;
  }
}
