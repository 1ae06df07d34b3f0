package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The Sunbird API gateway key that every user-management request carries as
 * {@code Authorization: Bearer <key>} (the runner's {@code API_KEY}).
 *
 * <p>From {@value #VARIABLE} (or {@code PERF_SUNBIRD_API_KEY_FILE}) when set; a named target
 * requires it. Locally the stubs do not check it, so a JWT-shaped key is generated per run and
 * registered for masking like any secret.
 */
final class SunbirdApiKey {
  static final String VARIABLE = "PERF_SUNBIRD_API_KEY";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

  private SunbirdApiKey() {
  }

  static Secret resolve(PerfConfig config) {
    Secrets secrets = Secrets.fromEnvironment();
    if (!config.target().isLocal()) {
      return secrets.required(VARIABLE);
    }
    return secrets.optional(VARIABLE).orElseGet(SunbirdApiKey::generated);
  }

  private static Secret generated() {
    byte[] signature = new byte[32];
    RANDOM.nextBytes(signature);
    String key = encode("{\"alg\":\"HS256\",\"typ\":\"JWT\"}") + "."
        + encode("{\"iss\":\"perf-suite-local\",\"sub\":\"sunbird-users\"}") + "."
        + URL.encodeToString(signature);
    Secrets.registerGenerated(key);
    return new Secret("generated:" + VARIABLE, key);
  }

  private static String encode(String json) {
    return URL.encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }
}
