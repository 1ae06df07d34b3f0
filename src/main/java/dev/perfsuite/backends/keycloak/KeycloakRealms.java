package dev.perfsuite.backends.keycloak;

/**
 * The Keycloak realm the scenarios need: its name and clients. It is imported into the local
 * Keycloak and gives the defaults of a named target's {@code keycloak.*} keys.
 *
 * <p>Discovered with {@link java.util.ServiceLoader}: list the implementing class (public, with a
 * public no-argument constructor) in
 * {@code META-INF/services/dev.perfsuite.backends.keycloak.KeycloakRealms} beside the scenarios.
 * One declaration per class path; systems sharing a realm declare it once.
 */
public interface KeycloakRealms {

  /** The realm. */
  RealmDescription realm();
}
