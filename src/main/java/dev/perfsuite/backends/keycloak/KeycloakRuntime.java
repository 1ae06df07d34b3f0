package dev.perfsuite.backends.keycloak;

import java.net.URI;

/** A Keycloak server that answers {@code /health/ready}: a child process or a container. */
interface KeycloakRuntime extends AutoCloseable {

  /** The HTTP root seen from this host, without a trailing slash. */
  URI baseUrl();

  /** The last lines of Keycloak's own log, masked. */
  String logTail();

  /** Stops Keycloak and waits until it is gone; a second call does nothing. */
  @Override
  void close();
}
