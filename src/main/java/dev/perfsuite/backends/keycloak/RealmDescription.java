package dev.perfsuite.backends.keycloak;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The Keycloak test realm as the scenarios declare it: its name and clients. The users are the
 * suite's: {@code perf.keycloak.users} of them, {@code user0001}.., sharing one generated
 * password.
 *
 * <p>Declared through {@link KeycloakRealms} (discovered with {@link ServiceLoader}); without a
 * declaration the realm is {@link #generic()}. Both providers (Testcontainers and embedded) import
 * it through Keycloak's Admin REST API.
 *
 * @param name realm name
 * @param clients at most one client per {@link RealmClient.Role}
 */
public record RealmDescription(String name, List<RealmClient> clients) {

  public RealmDescription {
    Objects.requireNonNull(name, "name");
    clients = List.copyOf(clients);
    Set<RealmClient.Role> roles = EnumSet.noneOf(RealmClient.Role.class);
    for (RealmClient client : clients) {
      if (!roles.add(client.role())) {
        throw new IllegalArgumentException("realm '" + name + "' declares two " + client.role()
            + " clients; the endpoint names one client per role");
      }
    }
  }

  /** A realm named {@code perf} with one client of each role. */
  public static RealmDescription generic() {
    return new RealmDescription("perf", List.of(
        RealmClient.browserLogin("perf-browser", "Browser login (stub site)", "/*"),
        RealmClient.clientCredentials("perf-service", "Service (client credentials)"),
        RealmClient.passwordGrant("perf-password", "Password grant", "perf-service")));
  }

  /**
   * The realm the {@link KeycloakRealms} on the suite's class path declare, else
   * {@link #generic()}.
   *
   * @throws IllegalStateException when more than one declaration is found
   */
  public static RealmDescription discovered() {
    List<RealmDescription> declared = new ArrayList<>();
    ServiceLoader.load(KeycloakRealms.class, KeycloakRealms.class.getClassLoader())
        .forEach(d -> declared.add(d.realm()));
    if (declared.size() > 1) {
      throw new IllegalStateException("more than one Keycloak realm is declared: "
          + declared.stream().map(RealmDescription::name).toList() + ". Fix: declare one realm "
          + "holding every system's clients");
    }
    return declared.isEmpty() ? generic() : declared.get(0);
  }

  /** The client id of the client with that role, if the realm declares one. */
  public Optional<String> clientId(RealmClient.Role role) {
    return clients.stream().filter(c -> c.role() == role).map(RealmClient::clientId).findFirst();
  }
}
