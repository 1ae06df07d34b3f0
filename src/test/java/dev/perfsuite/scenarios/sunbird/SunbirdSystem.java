package dev.perfsuite.scenarios.sunbird;

import static dev.perfsuite.profiles.Profiles.closed;
import static dev.perfsuite.profiles.Profiles.stage;

import dev.perfsuite.backends.LocalBackend;
import dev.perfsuite.backends.LocalServices;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.NamedProfiles;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What the Sunbird scenarios declare to the suite: the {@code sunbird} and {@code portal}
 * services (the API stubs locally) and seed 000's full-scale profiles. Listed under
 * {@code src/test/resources/META-INF/services/}.
 */
public final class SunbirdSystem implements LocalServices, NamedProfiles {

  @Override
  public Map<String, LocalBackend> services() {
    return Map.of("sunbird", LocalBackend.STUBS, "portal", LocalBackend.STUBS);
  }

  @Override
  public List<LoadProfile> profiles() {
    return List.of(mix(), soak());
  }

  /**
   * Seed 000's mixed run at full scale: 600 threads for 36 minutes (2 min ramp, the warm-up, then
   * 34 min held), the run behind "180000 samples per API at about 82.5 req/s".
   */
  static LoadProfile mix() {
    return closed("sunbird-mix", Duration.ofMinutes(2),
        stage(600, Duration.ofMinutes(2), Duration.ofMinutes(34)));
  }

  /**
   * Seed 000's long-running benchmark: 600 threads for 9 h 20 min (10 min ramp, the warm-up,
   * then 9 h 10 min held).
   */
  static LoadProfile soak() {
    return closed("sunbird-soak", Duration.ofMinutes(10),
        stage(600, Duration.ofMinutes(10), Duration.ofHours(9).plusMinutes(10)));
  }
}
