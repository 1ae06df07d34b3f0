/**
 * Keycloak as a local backend (container or child process, on PostgreSQL): its realm, clients and
 * users, and the admin calls the suite makes.
 */
package dev.perfsuite.backends.keycloak;
