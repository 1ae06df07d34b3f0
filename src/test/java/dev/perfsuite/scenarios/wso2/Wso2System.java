package dev.perfsuite.scenarios.wso2;

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
 * What the WSO2 scenarios declare to the suite: the {@code gateway} service (the echo backend
 * locally), the matrix keys and seed 003's full-scale profile. Listed under
 * {@code src/test/resources/META-INF/services/}.
 */
public final class Wso2System implements LocalServices, ConfigKeys, NamedProfiles {
  /** Concurrent users of the gateway matrix; unset means 2,8 at smoke and 10..1000 otherwise. */
  public static final SystemKey<List<Integer>> USERS = SystemKey.wholeNumbers("perf.wso2.users",
      null, 1, "comma-separated positive whole numbers, e.g. 10,50,100",
      "Concurrent users of the gateway matrix (default: 2,8 at smoke; 10..1000 otherwise).");
  /** Payload sizes of the gateway matrix in bytes. */
  public static final SystemKey<List<Integer>> SIZES = SystemKey.wholeNumbers("perf.wso2.sizes",
      "50,1024,10240,102400", 50, "comma-separated payload sizes in bytes, each at least 50",
      "Payload sizes of the gateway matrix.");

  @Override
  public Map<String, LocalBackend> services() {
    return Map.of("gateway", LocalBackend.ECHO);
  }

  @Override
  public List<SystemKey<?>> keys() {
    return List.of(USERS, SIZES);
  }

  @Override
  public List<LoadProfile> profiles() {
    return List.of(matrix());
  }

  /**
   * Seed 003's gateway runs: 900 s per matrix cell, the first 300 s warm-up, users ramped over
   * 60 s (the harness's rampUpPeriod default); the matrix sets each cell's users.
   */
  static LoadProfile matrix() {
    return closed("wso2-matrix", Duration.ofSeconds(300),
        stage(100, Duration.ofSeconds(60), Duration.ofSeconds(840)));
  }
}
