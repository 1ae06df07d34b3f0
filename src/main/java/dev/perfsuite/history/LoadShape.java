package dev.perfsuite.history;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.settings.EngineKind;
import dev.perfsuite.profiles.Durations;
import dev.perfsuite.profiles.LoadModel;
import dev.perfsuite.profiles.LoadProfile;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The load a run offered, as far as its figures depend on it. It records the model, peak users or
 * rate, think time, planned duration (or iterations) and engine count. Two runs are compared only
 * when their shapes are equal: 200 req/s open and 20 closed users of one profile name are different
 * runs.
 *
 * @param model closed (users) or open (arrival rate)
 * @param level peak users (closed) or peak requests per second (open)
 * @param thinkTime pause per request per user
 * @param duration planned duration, ramps and holds summed
 * @param iterations iterations per user when the profile is bound by them, else empty
 * @param engines how many load generators shared the load: 1 embedded, the remotes distributed
 */
public record LoadShape(LoadModel model, double level, Duration thinkTime, Duration duration,
    OptionalInt iterations, int engines) {

  /** The text a history row keeps for runs recorded before shapes were: never equal to a shape. */
  public static final String UNKNOWN = "";

  /** The shape of a run under {@code config}. */
  public static LoadShape of(PerfConfig config) {
    LoadProfile profile = config.profile();
    int engines = config.engine() == EngineKind.DISTRIBUTED
        ? Math.max(1, config.distributed().remotes().size()) : 1;
    return new LoadShape(profile.model(), profile.peakLevel(), profile.thinkTime(),
        profile.plannedDuration(), profile.iterations(), engines);
  }

  /**
   * How a history row and a verdict name the shape, e.g. {@code open 200 req/s, think 0s, 40s,
   * 1 engine}; equal texts mean equal shapes.
   */
  public String describe() {
    String load = model == LoadModel.OPEN
        ? String.format(Locale.ROOT, "open %s req/s", number(level))
        : String.format(Locale.ROOT, "closed %s users", number(level));
    String length = iterations.isPresent() ? iterations.getAsInt() + " iterations"
        : Durations.format(duration);
    return load + ", think " + Durations.format(thinkTime) + ", " + length + ", " + engines
        + (engines == 1 ? " engine" : " engines");
  }

  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.2f", value);
  }
}
