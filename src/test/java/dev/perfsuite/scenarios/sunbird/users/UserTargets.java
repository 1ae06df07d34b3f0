package dev.perfsuite.scenarios.sunbird.users;

import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.config.Secret;
import dev.perfsuite.junit.PerfSession;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the user-management journeys send their requests and who they log in as.
 *
 * @param sunbird base URL of the Sunbird APIs (gateway paths {@code api/...}), ending in '/'
 * @param portal base URL of the Sunbird portal whose {@code /resources} starts the browser login
 * @param keycloak the realm: token and auth URLs, clients, the users CSV and their password
 * @param apiKey the gateway API key sent as {@code Authorization: Bearer ...}
 * @param dataDir where data derived at run time is written ({@code target/perf-data})
 */
record UserTargets(URI sunbird, URI portal, KeycloakEndpoint keycloak, Secret apiKey,
    Path dataDir) {

  UserTargets {
    Objects.requireNonNull(sunbird, "sunbird");
    Objects.requireNonNull(portal, "portal");
    Objects.requireNonNull(keycloak, "keycloak");
    Objects.requireNonNull(apiKey, "apiKey");
    Objects.requireNonNull(dataDir, "dataDir");
  }

  /**
   * The run's targets. Asks for Keycloak first: locally that starts the stubs and Keycloak and
   * registers the portal's login redirect, and writes the users CSV every journey reads.
   */
  static UserTargets of(PerfSession perf) {
    KeycloakEndpoint keycloak = perf.keycloak();
    return new UserTargets(perf.service("sunbird"), perf.service("portal"), keycloak,
        SunbirdApiKey.resolve(perf.config()),
        perf.config().resultsDir().resolveSibling("perf-data"));
  }

  /**
   * An absolute Sunbird API URL, e.g. {@code sunbird("api/user/v1/signup")}; the path may hold
   * JMeter variables such as {@code ${email}}, so it is appended, not resolved as a URI.
   */
  String sunbird(String path) {
    return join(sunbird, path);
  }

  /** An absolute portal URL, e.g. {@code portal("resources/")}. */
  String portal(String path) {
    return join(portal, path);
  }

  private static String join(URI base, String path) {
    String root = base.toString();
    return (root.endsWith("/") ? root : root + "/") + (path.startsWith("/") ? path.substring(1)
        : path);
  }

  /** {@code username,email,firstName,lastName} of every realm user, written at run time. */
  Path usersCsv() {
    return keycloak.usersCsv();
  }
}
