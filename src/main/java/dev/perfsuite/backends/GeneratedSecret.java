package dev.perfsuite.backends;

import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import java.security.SecureRandom;
import java.util.Base64;

/** Passwords and client secrets a backend generates for one run. */
public final class GeneratedSecret {
  private static final SecureRandom RANDOM = new SecureRandom();

  private GeneratedSecret() {
  }

  /** A random URL-safe value (144 bits), registered with {@link Secrets} so writers mask it. */
  public static Secret named(String name) {
    byte[] bytes = new byte[18];
    RANDOM.nextBytes(bytes);
    String value = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Secrets.registerGenerated(value);
    return new Secret(name, value);
  }
}
