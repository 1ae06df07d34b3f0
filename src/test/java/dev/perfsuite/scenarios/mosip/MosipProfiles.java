package dev.perfsuite.scenarios.mosip;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.time.Duration;

/**
 * The load shapes of the MOSIP scenarios at smoke and at the seeds' scale.
 *
 * <p>At full scale the configured profile is used as is ({@code -Dperf.profile=stepped} is seed
 * 002's 0 to 500 to 1000 users), except that the auth manager journey under an untouched
 * {@code stepped} profile runs seed 004's own steps, 1500 to 2300 users.
 */
final class MosipProfiles {

  private MosipProfiles() {
  }

  /**
   * The stepped shape scaled down to seconds: 0 to 3 users in 2 s, hold 4 s, on to 6 users in
   * 2 s, hold 4 s; the first ramp is the warm-up, as at full scale.
   *
   * <p>The warm-up is set first: {@code stepped()} carries 250 s of warm-up, which a 12 s profile
   * rejects, so {@code stepped().withUsers(6).withRampUp(2s).withHold(4s)} alone throws.
   */
  static LoadProfile steppedSmoke() {
    return Profiles.stepped().withWarmUp(Duration.ofSeconds(2)).withUsers(6)
        .withRampUp(Duration.ofSeconds(2)).withHold(Duration.ofSeconds(4));
  }

  /**
   * Seed 004's ramp (Kernel Auth Manager, 30 Mar 2020): 1500 users over 12 min held 6 min, +250
   * over 4 min held 6 min, +250 over 4 min held 6 min, +300 over 5 min held 30 min. The 20 min
   * ramp-down is left out (nothing is measured there); the first ramp is the warm-up.
   */
  static LoadProfile seed004() {
    return MosipSystem.authStepped();
  }

  /**
   * The OTP manager journey's profile: {@link #steppedSmoke()} at smoke, else the configured one.
   */
  static LoadProfile otpManager(PerfConfig config) {
    return config.profile().isSmoke() ? steppedSmoke() : config.profile();
  }

  /**
   * The auth manager journey's profile: the configured one, or {@link #seed004()} when it is
   * {@code stepped} without any override.
   */
  static LoadProfile authManager(PerfConfig config) {
    return config.profile().equals(Profiles.stepped()) ? seed004() : config.profile();
  }
}
