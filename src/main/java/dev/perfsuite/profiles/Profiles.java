package dev.perfsuite.profiles;

import dev.perfsuite.users.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The named load profiles, each a starting point that configuration overrides key by key.
 *
 * <p>Durations follow the reference benchmarks: {@link #load()} is the gateway seed's 900 s run
 * with 300 s of warm-up, {@link #stepped()} the identity seed's 0 to 500 users over 250 s then on
 * to 1000, and {@link #soak()} the 9 h soak. The systems' own full-scale profiles are declared by
 * their scenarios ({@link NamedProfiles}) and named here like the built-in ones; at that scale one
 * load generator is rarely enough, see {@code perf.engine=distributed}.
 */
public final class Profiles {

  /** The built-in names, in the order they are documented. */
  public static final List<String> BUILT_IN =
      List.of("smoke", "load", "stress", "soak", "spike", "stepped");

  private Profiles() {
  }

  /** Seconds, a few users: proves a plan works end to end; the default. */
  public static LoadProfile smoke() {
    return closed("smoke", Duration.ofSeconds(2),
        stage(4, Duration.ofSeconds(1), Duration.ofSeconds(8)));
  }

  /** Expected production load: 100 users, 60 s ramp, 900 s with 300 s warm-up (gateway seed). */
  public static LoadProfile load() {
    return closed("load", Duration.ofSeconds(300),
        stage(100, Duration.ofSeconds(60), Duration.ofSeconds(840)));
  }

  /** Well beyond expected load: 1000 users over 10 minutes, held 20 minutes. */
  public static LoadProfile stress() {
    return closed("stress", Duration.ofMinutes(5),
        stage(1000, Duration.ofMinutes(10), Duration.ofMinutes(20)));
  }

  /** Long steady load to find leaks and drift: 100 users for 9 hours. */
  public static LoadProfile soak() {
    return closed("soak", Duration.ofMinutes(10),
        stage(100, Duration.ofMinutes(5), Duration.ofHours(9)));
  }

  /** A sudden burst: 10 users, a jump to 500 within 10 s for 2 minutes, back to 10. */
  public static LoadProfile spike() {
    return closed("spike", Duration.ofSeconds(30),
        stage(10, Duration.ofSeconds(30), Duration.ofMinutes(2)),
        stage(500, Duration.ofSeconds(10), Duration.ofMinutes(2)),
        stage(10, Duration.ofSeconds(10), Duration.ofMinutes(2)));
  }

  /**
   * The identity seed's step shape: 0 to 500 users over 250 s, hold, then to 1000 over 250 s, hold.
   */
  public static LoadProfile stepped() {
    return closed("stepped", Duration.ofSeconds(250),
        stage(500, Duration.ofSeconds(250), Duration.ofMinutes(20)),
        stage(1000, Duration.ofSeconds(250), Duration.ofMinutes(20)));
  }

  /**
   * Every name {@link #named(String)} accepts: the built-in ones, then those the systems on the
   * class path declare.
   */
  public static List<String> names() {
    List<String> names = new ArrayList<>(BUILT_IN);
    names.addAll(DeclaredProfiles.discovered().names());
    return names;
  }

  /**
   * The profile with that name (case-insensitive), built in or declared by a system.
   *
   * @throws IllegalArgumentException naming the accepted names when there is none
   */
  public static LoadProfile named(String name) {
    String key = name.trim().toLowerCase(Locale.ROOT);
    return switch (key) {
      case "smoke" -> smoke();
      case "load" -> load();
      case "stress" -> stress();
      case "soak" -> soak();
      case "spike" -> spike();
      case "stepped" -> stepped();
      default -> DeclaredProfiles.discovered().named(key).orElseThrow(() ->
          new IllegalArgumentException("unknown profile '" + name + "'; valid profiles: "
              + String.join(", ", names())));
    };
  }

  /** A closed-model profile from stages, for scenario-specific shapes. */
  public static LoadProfile closed(String name, Duration warmUp, Stage... stages) {
    return new LoadProfile(name, LoadModel.CLOSED, Arrays.asList(stages), OptionalInt.empty(),
        Duration.ZERO, warmUp, (int) Math.round(Arrays.stream(stages)
        .mapToDouble(Stage::level).max().orElse(1)));
  }

  /** An open-model profile from stages whose levels are requests per second. */
  public static LoadProfile open(String name, Duration warmUp, int maxThreads, Stage... stages) {
    return new LoadProfile(name, LoadModel.OPEN, Arrays.asList(stages), OptionalInt.empty(),
        Duration.ZERO, warmUp, maxThreads);
  }

  /** A stage reaching {@code level} users (or req/s) over {@code rampUp}, then held. */
  public static Stage stage(double level, Duration rampUp, Duration hold) {
    return new Stage(level, rampUp, hold);
  }
}
