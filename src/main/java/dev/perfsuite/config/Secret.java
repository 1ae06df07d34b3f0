package dev.perfsuite.config;

import java.util.Objects;

/**
 * A credential held in memory only: its {@code toString} never shows the value.
 *
 * @param name the environment variable it came from, e.g. {@code PERF_KEYCLOAK_ADMIN_PASSWORD}
 * @param value the secret itself; call {@link #reveal()} at the single place that needs it
 */
public record Secret(String name, String value) {

  public Secret {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
  }

  /** The secret value, for the one call that sends it; never log or store the result. */
  public String reveal() {
    return value;
  }

  @Override
  public String toString() {
    return "Secret[" + name + "=****]";
  }
}
