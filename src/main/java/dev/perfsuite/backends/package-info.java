/**
 * The local backends smoke runs go against: the HTTP echo, PostgreSQL, Keycloak with its test realm
 * and WireMock API stubs. They start on first use and stop together by
 * {@link dev.perfsuite.backends.Backends}. Each comes from one of two providers: Testcontainers
 * where a Docker engine answers, or embedded (in the JVM or a child process) where none does;
 * {@link dev.perfsuite.backends.ProviderChoice} records which was picked and why, and the console
 * prints it in one line. A backend that will not start fails with a {@link
 * dev.perfsuite.backends.BackendException} naming the key and the fix. Systems declare which
 * backend serves each of their services ({@link dev.perfsuite.backends.LocalServices}, resolved by
 * {@link dev.perfsuite.backends.Services}) and the realm Keycloak imports ({@link
 * dev.perfsuite.backends.keycloak.KeycloakRealms}).
 */
package dev.perfsuite.backends;
