package dev.perfsuite.scenarios.mosip;

import static dev.perfsuite.profiles.Profiles.closed;
import static dev.perfsuite.profiles.Profiles.stage;

import dev.perfsuite.backends.LocalBackend;
import dev.perfsuite.backends.LocalServices;
import dev.perfsuite.config.ConfigKeys;
import dev.perfsuite.config.SystemKey;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.NamedProfiles;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What the MOSIP scenarios declare to the suite: the {@code mosip} service (the API stubs
 * locally), the reference OTP service's keys and seeds 002 and 004's full-scale profiles. Listed
 * under {@code src/test/resources/META-INF/services/}.
 */
public final class MosipSystem implements LocalServices, ConfigKeys, NamedProfiles {
  /** Database connection pool of the reference OTP service (seed 002: 100 vs 300). */
  public static final SystemKey<Integer> OTP_POOL_SIZE = SystemKey.positiveInt(
      "perf.mosip.otp.pool-size", 100,
      "Database connection pool of the reference MOSIP OTP service (seed 002: 100 vs 300).");
  /** One-way latency between the reference OTP service and PostgreSQL, each direction. */
  public static final SystemKey<Duration> OTP_DB_LATENCY = SystemKey.duration(
      "perf.mosip.otp.db-latency", "25ms",
      "One-way latency between the reference OTP service and PostgreSQL, added to each "
          + "direction by a proxy; a database round trip costs twice this.");

  @Override
  public Map<String, LocalBackend> services() {
    return Map.of("mosip", LocalBackend.STUBS);
  }

  @Override
  public List<SystemKey<?>> keys() {
    return List.of(OTP_POOL_SIZE, OTP_DB_LATENCY);
  }

  @Override
  public List<LoadProfile> profiles() {
    return List.of(stepped(), authStepped());
  }

  /**
   * Seed 002's OTP manager run: 0 to 500 users at 2 users/s (250 s), a 900 s step pause, then to
   * 1000 users over 250 s held 60 minutes ("60 minutes peak load"); the first ramp is the warm-up.
   */
  static LoadProfile stepped() {
    return closed("mosip-stepped", Duration.ofSeconds(250),
        stage(500, Duration.ofSeconds(250), Duration.ofSeconds(900)),
        stage(1000, Duration.ofSeconds(250), Duration.ofMinutes(60)));
  }

  /**
   * Seed 004's auth manager run: 1500 users over 12 min held 6 min, +250 over 4 min held 6 min,
   * +250 over 4 min held 6 min, +300 over 5 min held 30 min (2300 users); the 20 min ramp-down is
   * left out (nothing is measured there) and the first ramp is the warm-up.
   */
  static LoadProfile authStepped() {
    return closed("mosip-auth-stepped", Duration.ofMinutes(12),
        stage(1500, Duration.ofMinutes(12), Duration.ofMinutes(6)),
        stage(1750, Duration.ofMinutes(4), Duration.ofMinutes(6)),
        stage(2000, Duration.ofMinutes(4), Duration.ofMinutes(6)),
        stage(2300, Duration.ofMinutes(5), Duration.ofMinutes(30)));
  }
}
