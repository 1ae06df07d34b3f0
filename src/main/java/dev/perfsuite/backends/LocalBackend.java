package dev.perfsuite.backends;

/**
 * The generic local backends that stand in for a system's services when {@code perf.target=local}
 * (each also answers to its own lower-case name as a service).
 */
public enum LocalBackend {
  /** The HTTP echo backend ({@code perf.echo.delay}). */
  ECHO,
  /** The WireMock API stubs, mappings under {@code src/test/resources/wiremock/mappings/}. */
  STUBS,
  /** Keycloak on its own PostgreSQL, with the realm the scenarios declare. */
  KEYCLOAK
}
