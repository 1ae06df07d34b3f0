package dev.perfsuite.profiles;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The named load profiles, each a starting point that configuration overrides key by key.
 *
 * <p>Durations follow the reference benchmarks: {@link #load()} is WSO2's 900 s run with 300 s of
 * warm-up, {@link #stepped()} is MOSIP's 0 to 500 users over 250 s then on to 1000, and
 * {@link #soak()} is the 9 h soak. The seed profiles reproduce each seed's full-scale run as
 * reported ({@link #sunbirdMix()}, {@link #wso2Matrix()}, {@link #mosipStepped()},
 * {@link #mosipAuthStepped()}, {@link #sunbirdSoak()}); at that scale one load generator is
 * rarely enough, see {@code perf.engine=distributed}.
 */
public final class Profiles {

  /** Names accepted by {@link #named(String)}, in the order they are documented. */
  public static final List<String> NAMES =
      List.of("smoke", "load", "stress", "soak", "spike", "stepped", "sunbird-mix", "wso2-matrix",
          "mosip-stepped", "mosip-auth-stepped", "sunbird-soak");

  private Profiles() {
  }

  /** Seconds, a few users: proves a plan works end to end; the default. */
  public static LoadProfile smoke() {
    return closed("smoke", Duration.ofSeconds(2), stage(4, Duration.ofSeconds(1), Duration.ofSeconds(8)));
  }

  /** Expected production load: 100 users, 60 s ramp, 900 s with 300 s warm-up (WSO2). */
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

  /** MOSIP's step shape: 0 to 500 users over 250 s, hold, then to 1000 over 250 s, hold. */
  public static LoadProfile stepped() {
    return closed("stepped", Duration.ofSeconds(250),
        stage(500, Duration.ofSeconds(250), Duration.ofMinutes(20)),
        stage(1000, Duration.ofSeconds(250), Duration.ofMinutes(20)));
  }

  /**
   * Seed 000's mixed run at full scale: 600 threads for 36 minutes (2 min ramp, the warm-up, then
   * 34 min held), the run behind "180000 samples per API at about 82.5 req/s".
   */
  public static LoadProfile sunbirdMix() {
    return closed("sunbird-mix", Duration.ofMinutes(2),
        stage(600, Duration.ofMinutes(2), Duration.ofMinutes(34)));
  }

  /**
   * Seed 003's gateway runs: 900 s per matrix cell, the first 300 s warm-up, users ramped over
   * 60 s (the harness's rampUpPeriod default); the matrix sets each cell's users.
   */
  public static LoadProfile wso2Matrix() {
    return closed("wso2-matrix", Duration.ofSeconds(300),
        stage(100, Duration.ofSeconds(60), Duration.ofSeconds(840)));
  }

  /**
   * Seed 002's OTP manager run: 0 to 500 users at 2 users/s (250 s), a 900 s step pause, then to
   * 1000 users over 250 s held 60 minutes ("60 minutes peak load"); the first ramp is the warm-up.
   */
  public static LoadProfile mosipStepped() {
    return closed("mosip-stepped", Duration.ofSeconds(250),
        stage(500, Duration.ofSeconds(250), Duration.ofSeconds(900)),
        stage(1000, Duration.ofSeconds(250), Duration.ofMinutes(60)));
  }

  /**
   * Seed 004's auth manager run: 1500 users over 12 min held 6 min, +250 over 4 min held 6 min,
   * +250 over 4 min held 6 min, +300 over 5 min held 30 min (2300 users); the 20 min ramp-down is
   * left out (nothing is measured there) and the first ramp is the warm-up.
   */
  public static LoadProfile mosipAuthStepped() {
    return closed("mosip-auth-stepped", Duration.ofMinutes(12),
        stage(1500, Duration.ofMinutes(12), Duration.ofMinutes(6)),
        stage(1750, Duration.ofMinutes(4), Duration.ofMinutes(6)),
        stage(2000, Duration.ofMinutes(4), Duration.ofMinutes(6)),
        stage(2300, Duration.ofMinutes(5), Duration.ofMinutes(30)));
  }

  /**
   * Seed 000's long-running benchmark: 600 threads for 9 h 20 min (10 min ramp, the warm-up,
   * then 9 h 10 min held).
   */
  public static LoadProfile sunbirdSoak() {
    return closed("sunbird-soak", Duration.ofMinutes(10),
        stage(600, Duration.ofMinutes(10), Duration.ofHours(9).plusMinutes(10)));
  }

  /**
   * The profile with that name (case-insensitive).
   *
   * @throws IllegalArgumentException naming the accepted names when there is none
   */
  public static LoadProfile named(String name) {
    return switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "smoke" -> smoke();
      case "load" -> load();
      case "stress" -> stress();
      case "soak" -> soak();
      case "spike" -> spike();
      case "stepped" -> stepped();
      case "sunbird-mix" -> sunbirdMix();
      case "wso2-matrix" -> wso2Matrix();
      case "mosip-stepped" -> mosipStepped();
      case "mosip-auth-stepped" -> mosipAuthStepped();
      case "sunbird-soak" -> sunbirdSoak();
      default -> throw new IllegalArgumentException("unknown profile '" + name + "'; valid profiles: "
          + String.join(", ", NAMES));
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
